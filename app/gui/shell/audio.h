// Sound effects with a mute switch. One sf::Sound per effect (a new move cuts the old click).
// Without an audio device (audioDevicePresent) there are none and the game is silent.
#pragma once

#include <array>
#include <memory>

#include <SFML/Audio/Sound.hpp>

#include "app/gui/shell/resources.h"

namespace xq::gui {

// Whether the machine has somewhere to play sound: an ALSA playback device, or a PulseAudio or
// PipeWire server. Asked once, before anything opens the audio device.
bool audioDevicePresent();

class Audio {
public:
    explicit Audio(const Resources& res); // silent when res has no sounds
    void play(SoundId id);
    void setMuted(bool muted) { m_muted = muted; }
    bool isMuted() const { return m_muted; }

private:
    using Sounds = std::array<sf::Sound, static_cast<std::size_t>(SoundId::Count)>;
    std::unique_ptr<Sounds> m_sounds;
    bool m_muted = false;
};

} // namespace xq::gui
