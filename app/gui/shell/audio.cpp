#include "app/gui/shell/audio.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace xq::gui {

bool audioDevicePresent() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (const char* server = std::getenv("PULSE_SERVER"); server && *server)
        return true;
    if (const char* run = std::getenv("XDG_RUNTIME_DIR"); run && *run) {
        const fs::path dir(run);
        if (fs::exists(dir / "pulse" / "native", ec) || fs::exists(dir / "pipewire-0", ec))
            return true;
    }
    // ALSA's playback devices are /dev/snd/pcmC<card>D<device>p.
    for (const auto& entry : fs::directory_iterator("/dev/snd", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("pcmC", 0) == 0 && name.back() == 'p')
            return true;
    }
    return false;
}

Audio::Audio(const Resources& res) {
    if (!res.sounds)
        return;
    m_sounds = std::make_unique<Sounds>();
    for (std::size_t i = 0; i < m_sounds->size(); ++i)
        (*m_sounds)[i].setBuffer((*res.sounds)[i]);
    (*m_sounds)[static_cast<std::size_t>(SoundId::Select)].setVolume(60);
}

void Audio::play(SoundId id) {
    if (!m_muted && m_sounds)
        (*m_sounds)[static_cast<std::size_t>(id)].play();
}

} // namespace xq::gui
