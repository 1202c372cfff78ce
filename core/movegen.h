// Move generation: pseudo-legal moves by kind, legal moves, and a fast legal-move count.
// Pseudo-legal means the piece moves by its own rule (legs, eyes, palace, river, screens) onto an
// empty point or an enemy piece; legality (own king not attacked, kings not facing) is separate.
// No heap allocation: a MoveList holds up to kMaxMoves moves inline.
#pragma once

#include <array>
#include <cstddef>

#include "core/position.h"

namespace xq::core {

// The most pseudo-legal moves a side can have is 119 (2 x 17 rook, 2 x 17 cannon, 2 x 8 horse,
// 5 x 3 pawn, 2 x 4 elephant, 2 x 4 advisor, 4 king), so 128 always suffices.
constexpr std::size_t kMaxMoves = 128;

class MoveList {
public:
    void add(Move m) { m_store.m[m_size++] = m; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    void clear() { m_size = 0; }
    Move operator[](std::size_t i) const { return m_store.m[i]; }
    Move& operator[](std::size_t i) { return m_store.m[i]; }
    const Move* begin() const { return m_store.m; }
    const Move* end() const { return m_store.m + m_size; }
    Move* begin() { return m_store.m; }
    Move* end() { return m_store.m + m_size; }
    bool contains(Move m) const;
    void removeAt(std::size_t i) { m_store.m[i] = m_store.m[--m_size]; }

private:
    // Left uninitialised on purpose (the search makes several lists per node): only the first
    // m_size entries are ever read.
    union Storage {
        Storage() {}
        Move m[kMaxMoves];
    };
    Storage m_store;
    std::size_t m_size = 0;
};

enum class GenKind { Captures, Quiets, All };

// Appends the pseudo-legal moves of the side to move.
void generate(const Position& pos, GenKind kind, MoveList& list);
// Appends the pseudo-legal moves of the piece on `from` (any colour's piece moves by its rule).
void generateFrom(const Position& pos, Square from, GenKind kind, MoveList& list);
// Replaces list with the legal moves of the side to move.
void generateLegal(const Position& pos, MoveList& list);
// Number of legal moves (perft's last ply).
int countLegal(const Position& pos);
bool hasLegalMove(const Position& pos);

} // namespace xq::core
