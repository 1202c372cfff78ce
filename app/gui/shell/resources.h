// Everything loaded from the assets directory at startup: fonts, textures, sounds. A missing or
// unreadable file is fatal (the constructor throws with the path); no system fonts are used.
// Without an audio device the sounds are only checked for, not loaded: a sound buffer opens the
// audio device, and OpenAL and ALSA print a screenful of errors when there is none.
#pragma once

#include <array>
#include <filesystem>
#include <memory>

#include <SFML/Audio/SoundBuffer.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Texture.hpp>

namespace xq::gui {

enum class SoundId { Move, Capture, Check, GameOver, Select, Illegal, Clock, Count };

struct Resources {
    Resources(const std::filesystem::path& assetsDir, bool withSounds);

    sf::Font serif; // piece characters and board text
    sf::Font sans;  // interface text
    sf::Texture wood;
    sf::Texture pieceWood;
    using Sounds = std::array<sf::SoundBuffer, static_cast<std::size_t>(SoundId::Count)>;
    std::unique_ptr<Sounds> sounds; // null without an audio device
};

} // namespace xq::gui
