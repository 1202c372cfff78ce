// Everything loaded from the assets directory at startup: fonts, textures, sounds. A missing or
// unreadable file is fatal (the constructor throws with the path); no system fonts are used.
#pragma once

#include <array>
#include <filesystem>

#include <SFML/Audio/SoundBuffer.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Texture.hpp>

namespace xq::gui {

enum class SoundId { Move, Capture, Check, GameOver, Select, Illegal, Clock, Count };

struct Resources {
    explicit Resources(const std::filesystem::path& assetsDir);

    sf::Font serif; // piece characters and board text
    sf::Font sans;  // interface text
    sf::Texture wood;
    sf::Texture pieceWood;
    std::array<sf::SoundBuffer, static_cast<std::size_t>(SoundId::Count)> sounds;
};

} // namespace xq::gui
