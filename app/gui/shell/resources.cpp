#include "app/gui/shell/resources.h"

#include <stdexcept>

#include <spdlog/spdlog.h>

namespace xq::gui {

namespace {

template <class T> void load(T& resource, const std::filesystem::path& path) {
    if (!resource.loadFromFile(path.string()))
        throw std::runtime_error("cannot load asset " + path.string());
    spdlog::debug("loaded {}", path.string());
}

} // namespace

Resources::Resources(const std::filesystem::path& dir, bool withSounds) {
    load(serif, dir / "fonts" / "xq-serif.otf");
    load(sans, dir / "fonts" / "xq-sans.otf");
    load(wood, dir / "images" / "wood.png");
    load(pieceWood, dir / "images" / "piece_wood.png");
    wood.setRepeated(true);
    wood.setSmooth(true);
    pieceWood.setRepeated(true);
    pieceWood.setSmooth(true);
    static const char* const kSoundFiles[] = {"move.wav",     "capture.wav", "check.wav",
                                              "gameover.wav", "select.wav",  "illegal.wav",
                                              "clock.wav"};
    static_assert(std::size(kSoundFiles) == static_cast<std::size_t>(SoundId::Count));
    if (!withSounds) {
        for (const char* file : kSoundFiles)
            if (std::error_code ec; !std::filesystem::is_regular_file(dir / "sounds" / file, ec))
                throw std::runtime_error("cannot load asset " + (dir / "sounds" / file).string());
        return;
    }
    sounds = std::make_unique<Sounds>();
    for (std::size_t i = 0; i < sounds->size(); ++i)
        load((*sounds)[i], dir / "sounds" / kSoundFiles[i]);
}

} // namespace xq::gui
