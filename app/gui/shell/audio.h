// Sound effects with a mute switch. One sf::Sound per effect (a new move cuts the old click).
#pragma once

#include <array>

#include <SFML/Audio/Sound.hpp>

#include "app/gui/shell/resources.h"

namespace xq::gui {

class Audio {
public:
    explicit Audio(const Resources& res);
    void play(SoundId id);
    void setMuted(bool muted) { m_muted = muted; }
    bool isMuted() const { return m_muted; }

private:
    std::array<sf::Sound, static_cast<std::size_t>(SoundId::Count)> m_sounds;
    bool m_muted = false;
};

} // namespace xq::gui
