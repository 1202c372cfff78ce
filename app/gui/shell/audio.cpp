#include "app/gui/shell/audio.h"

namespace xq::gui {

Audio::Audio(const Resources& res) {
    for (std::size_t i = 0; i < m_sounds.size(); ++i)
        m_sounds[i].setBuffer(res.sounds[i]);
    m_sounds[static_cast<std::size_t>(SoundId::Select)].setVolume(60);
}

void Audio::play(SoundId id) {
    if (!m_muted)
        m_sounds[static_cast<std::size_t>(id)].play();
}

} // namespace xq::gui
