// Fuzz target for the desktop game's settings reader (app/gui/model/settings.h, settingsFromJson).
// Properties: any bytes give settings or an error message, never a crash or an exception; parsed
// settings are within their documented ranges; toJson writes them back to text that reads back
// to the same settings, and writing that again gives the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "app/gui/model/settings.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace xq::gui;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = settingsFromJson(text);
    if (!parsed) {
        XQ_CHECK(!parsed.error().empty(), text);
        return 0;
    }
    const Settings& s = *parsed;
    XQ_CHECK(kDepthBound.contains(s.depth), text);
    XQ_CHECK(kMoveTimeBound.contains(s.moveTimeMs), text);
    XQ_CHECK(s.windowWidth >= 640 && s.windowWidth <= 7680, text);
    XQ_CHECK(s.windowHeight >= 480 && s.windowHeight <= 4320, text);

    const std::string json = toJson(s);
    const auto again       = settingsFromJson(json);
    XQ_CHECK(again.hasValue(), json + again.error());
    XQ_CHECK(*again == s, json);
    XQ_CHECK(toJson(*again) == json, json);
    return 0;
}
