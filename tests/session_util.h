// Driving a GameSession in tests: update() with a simulated clock (20 ms a step) while its
// worker threads search in real time.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>

#include "app/gui/model/session.h"

namespace xq::gui::test {

// Calls update() until pred holds; false when `seconds` of real time pass first.
inline bool runUntil(GameSession& s, std::int64_t& now, const std::function<bool()>& pred,
                     int seconds = 30) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < end) {
        now += 20;
        s.update(now);
        if (pred())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

} // namespace xq::gui::test
