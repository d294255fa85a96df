/* Agency's search in C: the engine position (engine.py's AgencyPosition) and
 * the solver's zero-window test (solver.py's Solver._test: alpha-beta, and
 * the proof-number search of the first tricks) over it, move for move and
 * node for node as the Python modules, which stay the reference it is
 * tested against (tests/test_analysis_native.py; python -m bench.native).
 *
 * What each part implements is said beside the Python it follows; the
 * rulings cited there (RULINGS A3-A13) hold here alike. Built by
 * tools/native.py into service/analysis/native/, used by solver.Solver
 * for Agency positions when built.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SEATS 4
#define SUITS 4
#define RANKS 9
#define CARDS (SUITS * RANKS)
#define WALL_MOVE 64
#define MAX_MOVES 24
#define NONE 99
#define INF ((int64_t)1 << 40)
#define EXHAUSTED (-1)
#define COUNT 3 /* the values -1, 0, 1 as indices 0, 1, 2 */

typedef struct {
    uint64_t start[SEATS], middle[SEATS], end[SEATS];
    int walls[SEATS];
    uint64_t alive;
    uint64_t digits[SUITS];
    int trick[SEATS];
    int ntrick, leader, to_act, led, best, best_seat, wall_in_trick, trick_points;
    int points[2];
    int left, tricks_done, ended;
} Pos;

/* -- the transposition table: per trick-start key, bounds for side 0 ------------- */

typedef struct {
    int64_t k[5]; /* who leads, each holder's Walls and the score (packed), then each suit's code */
    uint64_t hash; /* of k, as key_of computes it */
} Key;

typedef struct {
    Key key;
    int8_t low, high, outcomes, best_set, best;
} Entry;

typedef struct {
    uint64_t *slots; /* 0, or the key's hash above 32 bits and its entry's index + 1 below */
    size_t capacity;
    Entry *entries; /* in the order they were added: an entry's index names its key for the search's life */
    size_t size, room;
} Table;

/* -- the proof-number search's entries: keyed by the trick's start and the moves since -- */

/* A chain names a position of the proof-number search: the entry of its trick's start (32 bits), then
 * whether it is the search's root inside a trick (Python's key "()", bit 32), how many moves of the trick
 * since (bits 33-34), and each move's relative code (7 bits each, from bit 35). */
typedef uint64_t Chain;
#define ROOTED ((Chain)1 << 32)
#define DEPTH(chain) ((int)((chain) >> 33 & 3))
#define NEW (~(Chain)0) /* no chain yet: prove reads it */
static inline Chain chain_child(Chain chain, int relative) {
    int depth = DEPTH(chain);
    return (chain & ~((Chain)3 << 33)) | (Chain)(depth + 1) << 33 | (Chain)relative << (35 + 7 * depth);
}

typedef struct {
    Chain chain;
    uint64_t layout;
    int32_t n;
    uint32_t visited; /* the moves searched at least once (bit i: move i) */
    int64_t numbers[]; /* the proof numbers, then the disproof numbers, then the moves as bytes */
} Proof;

static inline int64_t *proof_numbers_of(Proof *proof) { return proof->numbers; }
static inline int64_t *disproof_numbers_of(Proof *proof) { return proof->numbers + proof->n; }
static inline int8_t *moves_of_proof(Proof *proof) { return (int8_t *)(proof->numbers + 2 * proof->n); }

static size_t proof_size(int n) { return (sizeof(Proof) + 2 * (size_t)n * sizeof(int64_t) + (size_t)n + 7) & ~(size_t)7; }

#define BLOCK_BITS 22
#define BLOCK ((size_t)1 << BLOCK_BITS)

typedef struct {
    Chain chain;
    uint32_t generation; /* the test the slot was taken in: a slot of an earlier test is empty */
    uint32_t where; /* the entry's block (above 19 bits) and its place there, in 8-byte words */
} ProofSlot;

typedef struct {
    ProofSlot *slots;
    size_t capacity, size;
    uint32_t generation;
    char **blocks; /* the entries' memory, kept from test to test */
    size_t nblocks, block, used_in_block;
} ProofTable;

typedef struct {
    PyObject_HEAD
    /* the hand's constants */
    int card_points[CARDS];
    int holder_of[CARDS];
    uint64_t trumps;
    uint64_t suit_mask[SUITS];
    int classes[SUITS][RANKS];
    const uint16_t *lows[SUITS]; /* per suit, runs_table's table for its classes */
    int early, offsuit, proof_weight, proof_growth;
    long deadline_every;
    PyObject *passed;
    /* the search's state */
    Table table;
    ProofTable proofs;
    Pos pos;
    int side;
    long long nodes, limit;
    int stopped;
} Search;

static inline int low_bit(uint64_t mask) { return __builtin_ctzll(mask); }
static inline int top_bit(uint64_t mask) { return mask ? 63 - __builtin_clzll(mask) : -1; }
static inline int count(uint64_t mask) { return __builtin_popcountll(mask); }
static inline int suit_of(int bit) { return bit / RANKS; }
static inline int trump_at(const Search *s, int bit) {
    /* Python's _trump_of[bit], a negative index counted from the end */
    if (bit < 0) bit += CARDS;
    return (int)((s->trumps >> bit) & 1);
}
static inline uint64_t keep(int bit) { return ~((uint64_t)1 << bit); }

#define HUGE_PAGE ((size_t)1 << 21)

/* Memory for the tables, zeroed where asked. Past a huge page it is mapped from the system, in huge pages
 * where the system gives them (the tables are read at random, and a huge page spares the address
 * translations), and what a search frees is kept for the process's next search, up to SPARE_MOST bytes
 * (fresh memory costs the kernel's zeroing of each page at first touch); past that it goes back to the
 * system at once. */
#define SPARE_MOST ((size_t)256 << 20)
#define SPARES 64
static struct {
    void *memory;
    size_t size;
} spare[SPARES];
static size_t spare_bytes;

static void *memory_of(size_t size, int zero) {
#if defined(MAP_ANONYMOUS)
    if (size >= HUGE_PAGE) {
        for (int i = 0; i < SPARES; i++) {
            if (spare[i].memory && spare[i].size == size) {
                void *memory = spare[i].memory;
                spare[i].memory = NULL;
                spare_bytes -= size;
                if (zero) memset(memory, 0, size);
                return memory;
            }
        }
        void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
        madvise(memory, size, MADV_HUGEPAGE);
#endif
        return memory; /* zeroed by the system */
    }
#endif
    return zero ? calloc(size, 1) : malloc(size);
}

static void memory_free(void *memory, size_t size) {
    if (!memory) return;
#if defined(MAP_ANONYMOUS)
    if (size >= HUGE_PAGE) {
        for (int i = 0; i < SPARES && spare_bytes + size <= SPARE_MOST; i++) {
            if (!spare[i].memory) {
                spare[i].memory = memory;
                spare[i].size = size;
                spare_bytes += size;
                return;
            }
        }
        munmap(memory, size);
        return;
    }
#endif
    free(memory);
}

static uint64_t mix(uint64_t h) {
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return h;
}

static uint64_t hash_key(const Key *key) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 5; i++) h = (h ^ (uint64_t)key->k[i]) * 0x94D049BB133111EBULL;
    return mix(h);
}

/* -- the table ---------------------------------------------------------------------- */

static int table_grow(Table *t) {
    size_t capacity = t->capacity ? t->capacity * 2 : 1024;
    uint64_t *slots = memory_of(capacity * sizeof(uint64_t), 1);
    if (!slots) return -1;
    for (size_t i = 0; i < t->size; i++) {
        uint64_t hash = t->entries[i].key.hash;
        size_t j = hash & (capacity - 1);
        while (slots[j]) j = (j + 1) & (capacity - 1);
        slots[j] = (hash >> 32 << 32) | (i + 1);
    }
    memory_free(t->slots, t->capacity * sizeof(uint64_t));
    t->slots = slots;
    t->capacity = capacity;
    return 0;
}

/* the index of key's entry, or -1 */
static int64_t table_find(const Table *t, const Key *key) {
    if (!t->capacity) return -1;
    uint64_t check = key->hash >> 32;
    size_t j = key->hash & (t->capacity - 1);
    for (uint64_t slot; (slot = t->slots[j]); j = (j + 1) & (t->capacity - 1)) {
        if (slot >> 32 == check) {
            size_t index = (slot & 0xFFFFFFFFu) - 1;
            if (!memcmp(&t->entries[index].key, key, sizeof(Key))) return (int64_t)index;
        }
    }
    return -1;
}

/* a new entry for key (not in the table), zeroed but for its key: its index, or -1 out of memory */
static int64_t table_add(Table *t, const Key *key) {
    if ((t->size + 1) * 4 > t->capacity * 3 && table_grow(t) < 0) return -1; /* at most three slots in four taken */
    if (t->size == t->room) {
        size_t room = t->room ? t->room * 2 : 512;
        Entry *entries = memory_of(room * sizeof(Entry), 0);
        if (!entries) return -1;
        if (t->size) memcpy(entries, t->entries, t->size * sizeof(Entry));
        memory_free(t->entries, t->room * sizeof(Entry));
        t->entries = entries;
        t->room = room;
    }
    size_t index = t->size++;
    memset(&t->entries[index], 0, sizeof(Entry));
    t->entries[index].key = *key;
    size_t j = key->hash & (t->capacity - 1);
    while (t->slots[j]) j = (j + 1) & (t->capacity - 1);
    t->slots[j] = (key->hash >> 32 << 32) | (index + 1);
    return (int64_t)index;
}

static void table_free(Table *t) {
    memory_free(t->slots, t->capacity * sizeof(uint64_t));
    memory_free(t->entries, t->room * sizeof(Entry));
    memset(t, 0, sizeof(Table));
}

/* -- the proof entries ---------------------------------------------------------------- */

static void proofs_free(ProofTable *p) {
    memory_free(p->slots, p->capacity * sizeof(ProofSlot));
    for (size_t i = 0; i < p->nblocks; i++) memory_free(p->blocks[i], BLOCK);
    free(p->blocks);
    memset(p, 0, sizeof(ProofTable));
}

/* empty the entries for the next test, keeping the memory (a slot is taken only in the current generation) */
static void proofs_reset(ProofTable *p) {
    if (++p->generation == 0) {
        if (p->slots) memset(p->slots, 0, p->capacity * sizeof(ProofSlot));
        p->generation = 1;
    }
    p->size = 0;
    p->block = 0;
    p->used_in_block = 0;
}

static int proofs_grow(ProofTable *p) {
    size_t capacity = p->capacity ? p->capacity * 2 : 1024;
    ProofSlot *slots = memory_of(capacity * sizeof(ProofSlot), 1);
    if (!slots) return -1;
    for (size_t i = 0; i < p->capacity; i++) {
        if (p->slots[i].generation != p->generation) continue;
        size_t j = mix(p->slots[i].chain) & (capacity - 1);
        while (slots[j].generation == p->generation) j = (j + 1) & (capacity - 1);
        slots[j] = p->slots[i];
    }
    memory_free(p->slots, p->capacity * sizeof(ProofSlot));
    p->slots = slots;
    p->capacity = capacity;
    return 0;
}

static inline Proof *proof_at(const ProofTable *p, uint32_t where) {
    return (Proof *)(p->blocks[where >> (BLOCK_BITS - 3)] + ((size_t)(where & ((1u << (BLOCK_BITS - 3)) - 1)) << 3));
}

static Proof *proofs_find(const ProofTable *p, Chain chain) {
    if (!p->capacity) return NULL;
    size_t j = mix(chain) & (p->capacity - 1);
    for (; p->slots[j].generation == p->generation; j = (j + 1) & (p->capacity - 1))
        if (p->slots[j].chain == chain) return proof_at(p, p->slots[j].where);
    return NULL;
}

/* a new entry for n moves, in its place in the table (its numbers and moves are the caller's to fill) */
static Proof *proofs_add(ProofTable *p, Chain chain, int n) {
    if ((p->size + 1) * 4 > p->capacity * 3 && proofs_grow(p) < 0) return NULL; /* at most three slots in four taken */
    size_t size = proof_size(n);
    if (p->block == p->nblocks || p->used_in_block + size > BLOCK) {
        if (p->block < p->nblocks && p->used_in_block) p->block++; /* the block in use is full: the next */
        if (p->block == p->nblocks) {
            if (p->nblocks == (size_t)1 << (32 - (BLOCK_BITS - 3))) return NULL; /* past what a slot can name */
            char **blocks = realloc(p->blocks, (p->nblocks + 1) * sizeof(char *));
            if (!blocks) return NULL;
            p->blocks = blocks;
            p->blocks[p->nblocks] = memory_of(BLOCK, 0);
            if (!p->blocks[p->nblocks]) return NULL;
            p->nblocks++;
        }
        p->used_in_block = 0;
    }
    uint32_t where = (uint32_t)(p->block << (BLOCK_BITS - 3) | p->used_in_block >> 3);
    Proof *proof = proof_at(p, where);
    p->used_in_block += size;
    proof->chain = chain;
    proof->n = n;
    size_t j = mix(chain) & (p->capacity - 1);
    while (p->slots[j].generation == p->generation) j = (j + 1) & (p->capacity - 1);
    p->slots[j].chain = chain;
    p->slots[j].generation = p->generation;
    p->slots[j].where = where;
    p->size++;
    return proof;
}

/* -- the engine: engine.py's AgencyPosition ------------------------------------------ */

static void label(Search *s, int holder, int place, uint64_t mask) {
    uint64_t mark = (uint64_t)(holder * 3 + place + 1);
    while (mask) {
        int bit = low_bit(mask);
        int suit = suit_of(bit);
        int shift = 4 * (bit - suit * RANKS);
        s->pos.digits[suit] = (s->pos.digits[suit] & ~((uint64_t)15 << shift)) | (mark << shift);
        mask &= mask - 1;
    }
}

/* _legal_cards_and_walls: the suited cards (a mask) and the Walls (moves) of the seat to act */
static uint64_t legal(const Search *s, int *walls, int *nwalls) {
    const Pos *p = &s->pos;
    *nwalls = 0;
    if (p->ended) return 0;
    int seat = p->to_act, before = (seat + 3) % SEATS;
    uint64_t suited = p->start[seat] | p->end[before];
    if (p->ntrick ? !p->wall_in_trick : !suited) {
        if (p->walls[seat]) walls[(*nwalls)++] = WALL_MOVE + seat;
        if (p->walls[before]) walls[(*nwalls)++] = WALL_MOVE + before;
    }
    if (!p->ntrick || p->led < 0) return suited;
    uint64_t led = s->suit_mask[p->led];
    if (s->offsuit && !(suited & led)) return suited;
    return suited & (led | s->trumps);
}

/* _runs: the lowest rank of each class of equivalent cards among own (rank bits) with other elsewhere in
 * play, as a mask of ranks */
static uint16_t run_lows(const int *classes, unsigned own, unsigned other) {
    uint16_t lows = 0;
    int low = -1, kind = -1, open = 0; /* the lowest rank of the class being read, its score class; whether one is */
    for (int rank = RANKS - 1; rank >= 0; rank--) {
        unsigned bit = 1u << rank;
        if (own & bit) {
            if (open && classes[rank] == kind) {
                low = rank;
            } else {
                if (open) lows |= (uint16_t)(1u << low);
                low = rank;
                kind = classes[rank];
                open = 1;
            }
        } else if ((other & bit) && open) {
            lows |= (uint16_t)(1u << low);
            open = 0;
        }
    }
    if (open) lows |= (uint16_t)(1u << low);
    return lows;
}

/* run_lows for every own and other (9 rank bits each), indexed by own << 9 | other: one
 * table per score classes, built once for the process */
#define RUNS_TABLES 8
static struct {
    int classes[RANKS];
    uint16_t *lows;
} runs_tables[RUNS_TABLES];

static const uint16_t *runs_table(const int *classes) {
    int i = 0;
    for (; i < RUNS_TABLES && runs_tables[i].lows; i++)
        if (!memcmp(runs_tables[i].classes, classes, sizeof(runs_tables[i].classes))) return runs_tables[i].lows;
    if (i == RUNS_TABLES) return NULL;
    uint16_t *lows = malloc(sizeof(uint16_t) << (2 * RANKS));
    if (!lows) return NULL;
    for (unsigned own = 0; own < 1u << RANKS; own++) {
        for (unsigned other = 0; other < 1u << RANKS; other++) {
            lows[own << RANKS | other] = run_lows(classes, own, other);
        }
    }
    memcpy(runs_tables[i].classes, classes, sizeof(runs_tables[i].classes));
    runs_tables[i].lows = lows;
    return lows;
}

/* _classes: the lowest card of each class of equivalent legal cards */
static int classes_of(const Search *s, uint64_t cards, int *found) {
    const Pos *p = &s->pos;
    int n = 0, seat = p->to_act, before = (seat + 3) % SEATS, played = p->ntrick;
    uint64_t places[2] = {p->start[seat], p->end[before]};
    int shared[2] = {!p->walls[seat] && played < 3, !p->walls[before] && played == 0};
    for (int i = 0; i < 2; i++) {
        uint64_t reached = cards & places[i];
        if (!reached) continue;
        if (shared[i]) {
            while (reached) {
                found[n++] = low_bit(reached);
                reached &= reached - 1;
            }
            continue;
        }
        uint64_t other = p->alive & ~places[i];
        for (int suit = 0; suit < SUITS; suit++) {
            uint64_t mask = s->suit_mask[suit];
            int shift = suit * RANKS;
            uint64_t own = reached & mask;
            if (!own) continue;
            unsigned lows = s->lows[suit][(own >> shift) << RANKS | ((other & mask) >> shift)];
            while (lows) { /* the classes highest first */
                int rank = top_bit(lows);
                found[n++] = rank + shift;
                lows ^= 1u << rank;
            }
        }
    }
    return n;
}

/* _replies: the next seat's legal plays after move (not the trick's last) */
static int replies(const Search *s, int move) {
    const Pos *p = &s->pos;
    int seat = p->to_act, after = (seat + 1) % SEATS, led, free;
    uint64_t reach = p->start[after] | p->end[seat];
    if (move >= WALL_MOVE) {
        if (move - WALL_MOVE == seat && p->walls[seat] == 1) reach |= p->start[seat];
        led = p->led;
        free = 0;
    } else {
        reach &= keep(move);
        led = p->led >= 0 ? p->led : suit_of(move);
        free = p->wall_in_trick ? 0 : (p->walls[after] > 0) + (p->walls[seat] > 0);
    }
    if (led < 0) return count(reach) + free;
    uint64_t mask = s->suit_mask[led];
    if (s->offsuit && !(reach & mask)) return count(reach) + free;
    return count(reach & (mask | s->trumps)) + free;
}

static int lead_order(const Search *s, int move, int64_t *out) {
    const Pos *p = &s->pos;
    if (move >= WALL_MOVE) {
        out[0] = 1 << 12;
        out[1] = 0;
        out[2] = 0;
        return 3;
    }
    uint64_t suit = s->suit_mask[suit_of(move)];
    int seat = p->to_act, last = (seat + 3) % SEATS, before = (seat + 2) % SEATS;
    int answers = count((p->start[last] | p->end[before]) & (suit | s->trumps)) + (p->walls[last] > 0) +
                  (p->walls[before] > 0);
    int top = top_bit(p->alive & suit) == move;
    out[0] = (int64_t)replies(s, move) * answers;
    out[1] = top ? 0 : 1;
    out[2] = -move;
    return 3;
}

static int taking_order(const Search *s, int move, int64_t *out) {
    const Pos *p = &s->pos;
    int points = move >= WALL_MOVE ? 2 : s->card_points[move];
    int best = p->best, wins;
    if (move >= WALL_MOVE)
        wins = 0;
    else if (best < 0)
        wins = 1;
    else if (trump_at(s, move))
        wins = move > best || !trump_at(s, best);
    else
        wins = suit_of(move) == p->led && move > best && !trump_at(s, best);
    int last = p->ntrick == 3;
    if (best >= 0 && p->best_seat % 2 == p->to_act % 2) {
        if (last || (trump_at(s, best) && top_bit(p->alive & s->trumps) == best)) {
            out[0] = wins ? 1 : 0;
            out[1] = -points;
            out[2] = move;
            return 3;
        }
        out[0] = wins ? 1 : 0;
        out[1] = points;
        out[2] = move % WALL_MOVE;
        return 3;
    }
    if (wins) {
        out[0] = 0;
        out[1] = last ? -points : 0;
        out[2] = last ? move : -move;
        return 3;
    }
    out[0] = 1;
    out[1] = points;
    out[2] = move % WALL_MOVE;
    return 3;
}

static int follow_order(const Search *s, int move, int64_t *out) {
    if (s->pos.ntrick < SEATS - 1) {
        out[0] = replies(s, move);
        return 1 + taking_order(s, move, out + 1);
    }
    return taking_order(s, move, out);
}

/* moves: one per class, ordered (a stable sort, as Python's) */
static int moves_of(const Search *s, int *moves) {
    int walls[2], nwalls;
    uint64_t cards = legal(s, walls, &nwalls);
    if (!nwalls && !(cards & (cards - 1))) {
        if (!cards) return 0;
        moves[0] = low_bit(cards);
        return 1;
    }
    int n = 0;
    if (cards) n = classes_of(s, cards, moves);
    for (int i = 0; i < nwalls; i++) moves[n++] = walls[i];
    if (n > 1) { /* each order's tuple packed in one number, its parts in fields of 8 bits (the first wider) */
        int64_t keys[MAX_MOVES], parts[4];
        for (int i = 0; i < n; i++) {
            int width = s->pos.ntrick ? follow_order(s, moves[i], parts) : lead_order(s, moves[i], parts);
            int64_t key = parts[0];
            for (int w = 1; w < width; w++) key = key * 256 + parts[w] + 128;
            keys[i] = key;
        }
        for (int i = 1; i < n; i++) { /* a stable sort, as Python's */
            int move = moves[i];
            int64_t key = keys[i];
            int j = i - 1;
            while (j >= 0 && keys[j] > key) {
                moves[j + 1] = moves[j];
                keys[j + 1] = keys[j];
                j--;
            }
            moves[j + 1] = move;
            keys[j + 1] = key;
        }
    }
    return n;
}

static int value(const Pos *p, int side) {
    if (!p->tricks_done) return 0;
    int ours = p->points[side], theirs = p->points[1 - side];
    if (ours != theirs) return ours > theirs ? 1 : -1;
    return p->leader % 2 == side ? 1 : -1;
}

/* outcomes: the value indices the hand can still end with for side, as a mask */
static int outcomes(const Pos *p, int side) {
    if (!p->tricks_done) return 7;
    if (p->ended) return 1 << (value(p, side) + 1);
    int lead = p->points[side] - p->points[1 - side];
    if (lead > p->left) return 4;
    if (-lead > p->left) return 1;
    return 5;
}

static int strands_next(const Search *s, int move) {
    const Pos *p = &s->pos;
    if (move < WALL_MOVE && !p->wall_in_trick) {
        int seat = p->to_act;
        if (p->walls[seat] || p->walls[(seat + 1) % SEATS]) return 0;
    }
    return !replies(s, move);
}

static int decided(const Search *s, int move, int side) {
    const Pos *p = &s->pos;
    if (p->ntrick < SEATS - 1) return strands_next(s, move) ? value(p, side) : NONE;
    int best = p->best, seat = p->best_seat, points, held;
    if (move >= WALL_MOVE) {
        points = 2;
        held = move - WALL_MOVE;
    } else {
        points = s->card_points[move];
        held = s->holder_of[move];
        if (trump_at(s, move)) {
            if (move > best || !trump_at(s, best)) seat = p->to_act;
        } else if (suit_of(move) == p->led && move > best && !trump_at(s, best)) {
            seat = p->to_act;
        }
    }
    int team = seat % 2;
    int scored[2] = {p->points[0], p->points[1]};
    scored[team] += p->trick_points + points;
    int lead = scored[side] - scored[1 - side];
    int ended = scored[team] >= s->early;
    if (!ended) { /* each holder: whether a card or a Wall is left in it once the move is made */
        int held_[SEATS];
        for (int h = 0; h < SEATS; h++) held_[h] = (p->start[h] | p->middle[h] | p->end[h]) || p->walls[h];
        if (move >= WALL_MOVE)
            held_[held] = (p->start[held] | p->middle[held] | p->end[held]) || p->walls[held] > 1;
        else
            held_[held] = ((p->start[held] | p->middle[held] | p->end[held]) & keep(move)) || p->walls[held];
        ended = !(held_[0] || held_[3]) || !(held_[1] || held_[0]) || !(held_[2] || held_[1]) || !(held_[3] || held_[2]);
    }
    if (ended) return lead > 0 || (!lead && team == side) ? 1 : -1;
    int left = p->left - points;
    if (lead > left) return 1;
    if (-lead > left) return -1;
    return NONE;
}

static void play(Search *s, int move) {
    Pos *p = &s->pos;
    int seat = p->to_act;
    if (move >= WALL_MOVE) {
        int holder = move - WALL_MOVE;
        if (p->walls[holder] == 2) {
            uint64_t middle = p->middle[holder];
            if (holder == seat) {
                p->start[holder] |= middle;
                label(s, holder, 0, middle);
            } else {
                p->end[holder] |= middle;
                label(s, holder, 2, middle);
            }
            p->middle[holder] = 0;
        } else {
            uint64_t whole = p->start[holder] | p->end[holder];
            label(s, holder, 0, p->end[holder]);
            p->start[holder] = p->end[holder] = whole;
        }
        p->walls[holder]--;
        p->wall_in_trick = 1;
        p->trick_points += 2;
        p->left -= 2;
    } else {
        int holder = s->holder_of[move], suit = suit_of(move);
        uint64_t k = keep(move);
        p->start[holder] &= k;
        p->middle[holder] &= k;
        p->end[holder] &= k;
        p->digits[suit] &= ~((uint64_t)15 << (4 * (move % RANKS)));
        int points = s->card_points[move];
        p->trick_points += points;
        p->left -= points;
        int best = p->best;
        if (best < 0) {
            p->led = suit;
            p->best = move;
            p->best_seat = seat;
        } else if (trump_at(s, move)) {
            if (move > best || !trump_at(s, best)) {
                p->best = move;
                p->best_seat = seat;
            }
        } else if (suit == p->led && move > best && !trump_at(s, best)) {
            p->best = move;
            p->best_seat = seat;
        }
    }
    p->trick[p->ntrick++] = move;
    if (p->ntrick < SEATS) {
        p->to_act = (seat + 1) % SEATS;
        return;
    }
    int winner = p->best_seat;
    p->points[winner % 2] += p->trick_points;
    for (int i = 0; i < SEATS; i++)
        if (p->trick[i] < WALL_MOVE) p->alive &= keep(p->trick[i]);
    p->tricks_done++;
    p->leader = p->to_act = winner;
    p->ntrick = 0;
    p->led = p->best = p->best_seat = -1;
    p->wall_in_trick = 0;
    p->trick_points = 0;
    uint64_t h[SEATS];
    for (int i = 0; i < SEATS; i++) h[i] = p->start[i] | p->middle[i] | p->end[i] | (uint64_t)p->walls[i];
    if (!(h[0] || h[3]) || !(h[1] || h[0]) || !(h[2] || h[1]) || !(h[3] || h[2]))
        p->ended = 1;
    else if (p->points[winner % 2] >= s->early)
        p->ended = 1;
}

static uint64_t code(const int *classes, uint64_t digits) {
    uint64_t c = 0;
    for (int rank = RANKS - 1; rank >= 0; rank--) {
        uint64_t mark = (digits >> (4 * rank)) & 15;
        if (mark) c = c * 64 + mark * 4 + (uint64_t)classes[rank] + 1;
    }
    return c;
}

static void key_of(const Search *s, Key *key) {
    const Pos *p = &s->pos;
    int left = p->left, zero = p->points[0], one = p->points[1];
    int64_t score;
    if (!p->tricks_done) {
        score = -1;
    } else if (zero + left < s->early && one + left < s->early) {
        int d = zero - one;
        if (d > left + 1) d = left + 1;
        if (d < -left - 1) d = -left - 1;
        score = 10000 + d;
    } else {
        score = zero * 64 + one;
    }
    int64_t walls = p->walls[0] + 3 * p->walls[1] + 9 * p->walls[2] + 27 * p->walls[3]; /* below 81 */
    key->k[0] = ((score + 1) * 81 + walls) * SEATS + p->leader; /* engine.py's (leader, walls, score), packed */
    for (int i = 0; i < SUITS; i++) key->k[1 + i] = (int64_t)code(s->classes[i], p->digits[i]);
    key->hash = hash_key(key);
}

static int relative(const Search *s, int move) {
    if (move >= WALL_MOVE) return move;
    int suit = suit_of(move);
    return suit * 16 + count(s->pos.alive & s->suit_mask[suit] & (((uint64_t)1 << move) - 1));
}

static int translate(const Search *s, int move, uint64_t layout) {
    if (move >= WALL_MOVE) return move;
    uint64_t mask = s->suit_mask[suit_of(move)];
    uint64_t cards = s->pos.alive & mask;
    for (int i = count(layout & mask & (((uint64_t)1 << move) - 1)); i > 0; i--) cards &= cards - 1;
    return low_bit(cards);
}

/* -- the search: solver.py's Solver ------------------------------------------------- */

/* outcome info of a mask, for an index t: the lowest possible index at or above t, the highest at or below */
static int up_of(int mask, int t) {
    for (int i = t; i < COUNT; i++)
        if (mask >> i & 1) return i;
    return COUNT;
}
static int down_of(int mask, int t) {
    for (int i = t; i >= 0; i--)
        if (mask >> i & 1) return i;
    return -1;
}
static int mirror_mask(int mask) { return ((mask & 1) << 2) | (mask & 2) | ((mask >> 2) & 1); }

/* _entry: the bounds and outcomes of a trick-start position for the side searched */
/* _entry: the bounds and outcomes of a trick-start position for the side searched; its entry's index,
 * or -1 out of memory */
static int64_t entry(Search *s, const Key *key, int *low, int *high, int *mask) {
    int64_t index = table_find(&s->table, key);
    if (index < 0) {
        index = table_add(&s->table, key);
        if (index < 0) return -1;
        Entry *e = &s->table.entries[index];
        int m = outcomes(&s->pos, 0);
        e->outcomes = (int8_t)m;
        e->low = (int8_t)up_of(m, 0);
        e->high = (int8_t)down_of(m, COUNT - 1);
    }
    const Entry *e = &s->table.entries[index];
    if (s->side == 0) {
        *low = e->low;
        *high = e->high;
        *mask = e->outcomes;
    } else {
        *low = COUNT - 1 - e->high;
        *high = COUNT - 1 - e->low;
        *mask = mirror_mask(e->outcomes);
    }
    return index;
}

/* _store: the bounds proved for the side searched */
static void store(Search *s, int64_t index, int low, int high) {
    Entry *e = &s->table.entries[index];
    if (s->side == 0) {
        e->low = (int8_t)low;
        e->high = (int8_t)high;
    } else {
        e->low = (int8_t)(COUNT - 1 - high);
        e->high = (int8_t)(COUNT - 1 - low);
    }
}

/* keep what a test proved of a trick's start (its entry's index): its bounds low..high and outcomes mask for
 * the side searched, as read at its entry, narrowed by whether it reached target */
static void keep_proved(Search *s, int64_t index, int low, int high, int mask, int target, int reached) {
    if (reached) {
        int up = up_of(mask, target);
        if (up > low) low = up;
    } else {
        int down = down_of(mask, target - 1);
        if (down < high) high = down;
    }
    store(s, index, low, high);
}

/* _visit: count the node entered; 0, or EXHAUSTED past the limit (or the deadline), or -2 on a Python error */
static int visit(Search *s) {
    if (s->nodes >= s->limit || s->stopped) return EXHAUSTED;
    s->nodes++;
    if (!(s->nodes & s->deadline_every)) {
        PyObject *passed = PyObject_CallNoArgs(s->passed);
        if (!passed) return -2;
        int truth = PyObject_IsTrue(passed);
        Py_DECREF(passed);
        if (truth < 0) return -2;
        if (truth) s->stopped = 1;
    }
    return 0;
}

/* _search: alpha-beta as a zero-window test: 1 or 0, EXHAUSTED, or -2 on an error */
static int search(Search *s, int target) {
    int status = visit(s);
    if (status) return status;
    Pos *p = &s->pos;
    int side = s->side, start = !p->ntrick, low = 0, high = 0, mask = 0;
    int64_t index = -1;
    if (start) {
        Key key;
        key_of(s, &key);
        if ((index = entry(s, &key, &low, &high, &mask)) < 0) return -2;
        if (low >= target) return 1;
        if (high < target) return 0;
    }
    int moves[MAX_MOVES];
    int n = moves_of(s, moves);
    if (!n) return value(p, side) + 1 >= target;
    int ours = p->to_act % 2 == side;
    if (start && s->table.entries[index].best_set) {
        int best = s->table.entries[index].best;
        if (best != moves[0]) {
            for (int i = 1; i < n; i++) {
                if (moves[i] == best) {
                    memmove(moves + 1, moves, i * sizeof(int));
                    moves[0] = best;
                    break;
                }
            }
        }
    }
    int result = !ours;
    for (int i = 0; i < n; i++) {
        int move = moves[i], reached, v = decided(s, move, side);
        if (v != NONE) {
            reached = v + 1 >= target;
        } else {
            Pos saved = *p;
            play(s, move);
            reached = search(s, target);
            *p = saved;
            if (reached < 0) return reached;
        }
        if (reached == ours) {
            result = ours;
            if (start) {
                s->table.entries[index].best = (int8_t)move;
                s->table.entries[index].best_set = 1;
            }
            break;
        }
    }
    if (start) keep_proved(s, index, low, high, mask, target, result);
    return result;
}

/* _proved: keep what a test at a trick's start proved; the (pn, dn) to answer */
static int proved(Search *s, int64_t index, int target, int reached, int64_t *pn, int64_t *dn) {
    const Entry *e = &s->table.entries[index];
    int low = s->side ? COUNT - 1 - e->high : e->low, high = s->side ? COUNT - 1 - e->low : e->high;
    int mask = s->side ? mirror_mask(e->outcomes) : e->outcomes;
    keep_proved(s, index, low, high, mask, target, reached);
    *pn = reached ? 0 : INF;
    *dn = reached ? INF : 0;
    return 0;
}

/* _prove: depth-first proof-number search as a zero-window test; 0, EXHAUSTED or -2. chain names the
 * position, or is NEW at the search's root and after a trick's last card (it is then read here). Where
 * Python keeps a position's entry from its first visit, this keeps it only once the position is left open:
 * a position proved or refuted is never entered again from its parent (its number is then 0 or the
 * infinite one), and within a trick only its parent reaches it. So a position inside a trick that its
 * parent has not searched yet (fresh) is not looked up either. */
static int prove(Search *s, int target, int64_t most_proof, int64_t most_disproof, Chain chain, int fresh,
                 int64_t *pn, int64_t *dn) {
    int status = visit(s);
    if (status) return status;
    Pos *p = &s->pos;
    int side = s->side, start = !p->ntrick;
    int64_t index = -1;
    if (start) {
        int low, high, mask;
        Key key;
        key_of(s, &key);
        if ((index = entry(s, &key, &low, &high, &mask)) < 0) return -2;
        chain = (Chain)index;
        if (low >= target) {
            *pn = 0;
            *dn = INF;
            return 0;
        }
        if (high < target) {
            *pn = INF;
            *dn = 0;
            return 0;
        }
    } else if (chain == NEW) {
        chain = ROOTED;
    }
    int ours = p->to_act % 2 == side;
    Proof *found = NULL;
    if (!fresh || start)
        found = proofs_find(&s->proofs, chain);
    else if (s->proofs.capacity) /* the slot an entry left open takes, read ahead while the position is searched */
        __builtin_prefetch(&s->proofs.slots[mix(chain) & (s->proofs.capacity - 1)], 1);
    int kept = found != NULL;
    int64_t space[(sizeof(Proof) + MAX_MOVES * (2 * sizeof(int64_t) + 1)) / sizeof(int64_t) + 1];
    if (!found) {
        int moves[MAX_MOVES];
        int n = moves_of(s, moves);
        if (!n) {
            int reached = value(p, side) + 1 >= target;
            *pn = reached ? 0 : INF;
            *dn = reached ? INF : 0;
            return 0;
        }
        found = (Proof *)space;
        found->n = n;
        int64_t *proofs = proof_numbers_of(found), *disproofs = disproof_numbers_of(found);
        for (int number = 0; number < n; number++) {
            int v = decided(s, moves[number], side);
            if (v != NONE) {
                if ((v + 1 >= target) == ours) {
                    if (start) return proved(s, index, target, ours, pn, dn);
                    *pn = ours ? 0 : INF;
                    *dn = ours ? INF : 0;
                    return 0;
                }
                proofs[number] = ours ? INF : 0;
                disproofs[number] = ours ? 0 : INF;
            } else if (ours) {
                proofs[number] = 1 + number * s->proof_weight;
                disproofs[number] = 1;
            } else {
                proofs[number] = 1;
                disproofs[number] = 1 + number * s->proof_weight;
            }
        }
        found->chain = chain;
        found->visited = 0;
        found->layout = p->alive;
        int8_t *stored = moves_of_proof(found);
        for (int i = 0; i < n; i++) stored[i] = (int8_t)moves[i];
    }
    int n = found->n;
    int8_t *found_moves = moves_of_proof(found);
    int64_t *numbers = ours ? proof_numbers_of(found) : disproof_numbers_of(found);
    int64_t *others = ours ? disproof_numbers_of(found) : proof_numbers_of(found);
    int64_t most_least = ours ? most_proof : most_disproof, most_total = ours ? most_disproof : most_proof;
    int64_t least, total;
    for (;;) {
        int chosen = 0;
        least = numbers[0];
        total = 0;
        for (int i = 0; i < n; i++) {
            if (numbers[i] < least) {
                least = numbers[i];
                chosen = i;
            }
            total += others[i];
        }
        if (total > INF) total = INF;
        if (least >= most_least || total >= most_total || !least || !total) break;
        int64_t second = INF;
        for (int i = 0; i < n; i++)
            if (i != chosen && numbers[i] < second) second = numbers[i];
        if (n == 1) second = INF;
        int move = found_moves[chosen], first = !(found->visited >> chosen & 1);
        found->visited |= 1u << chosen;
        if (p->alive != found->layout) move = translate(s, move, found->layout);
        Chain child = p->ntrick == SEATS - 1 ? NEW : chain_child(chain, relative(s, move));
        Pos saved = *p;
        play(s, move);
        int64_t b0 = second * s->proof_growth < most_least ? second * s->proof_growth : most_least;
        int64_t b1 = most_total - total + others[chosen];
        int64_t child_pn, child_dn;
        status = ours ? prove(s, target, b0, b1, child, first, &child_pn, &child_dn)
                      : prove(s, target, b1, b0, child, first, &child_pn, &child_dn);
        *p = saved;
        if (status) return status;
        if (ours) {
            numbers[chosen] = child_pn;
            others[chosen] = child_dn;
        } else {
            others[chosen] = child_pn;
            numbers[chosen] = child_dn;
        }
    }
    int64_t proof = ours ? least : total, disproof = ours ? total : least;
    if (start && (!proof || !disproof)) return proved(s, index, target, !proof, pn, dn);
    if (!kept && proof && disproof) { /* left open: kept for the next visit */
        Proof *entry_ = proofs_add(&s->proofs, chain, n);
        if (!entry_) return -2;
        memcpy(entry_, found, proof_size(n));
    }
    *pn = proof;
    *dn = disproof;
    return 0;
}

/* -- the Python type ------------------------------------------------------------------ */

/* size integers of a Python sequence into out; 0, or -1 with an error set */
static int read_values(PyObject *sequence, int64_t *out, Py_ssize_t size, const char *what) {
    PyObject *fast = PySequence_Fast(sequence, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != size) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items expected", what, size);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_ints(PyObject *sequence, int *out, Py_ssize_t size, const char *what) {
    int64_t values[CARDS];
    if (size > CARDS || read_values(sequence, values, size, what) < 0) return -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        if (values[i] < INT32_MIN || values[i] > INT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s: out of range", what);
            return -1;
        }
        out[i] = (int)values[i];
    }
    return 0;
}

static int read_masks(PyObject *sequence, uint64_t *out, Py_ssize_t size, const char *what) {
    return read_values(sequence, (int64_t *)out, size, what);
}

static int Search_init(Search *self, PyObject *args, PyObject *kwargs) {
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Search takes its arguments by position");
        return -1;
    }
    PyObject *points, *holders, *masks, *classes, *passed;
    unsigned long long trumps;
    long every;
    if (!PyArg_ParseTuple(args, "OOKOOiiiilO", &points, &holders, &trumps, &masks, &classes, &self->early,
                          &self->offsuit, &self->proof_weight, &self->proof_growth, &every, &passed))
        return -1;
    if (read_ints(points, self->card_points, CARDS, "card points") < 0 ||
        read_ints(holders, self->holder_of, CARDS, "holders") < 0 ||
        read_masks(masks, self->suit_mask, SUITS, "suit masks") < 0)
        return -1;
    for (int bit = 0; bit < CARDS; bit++) {
        if (self->holder_of[bit] < -1 || self->holder_of[bit] >= SEATS || self->card_points[bit] < 0) {
            PyErr_SetString(PyExc_ValueError, "a card's holder is -1 to 3, its points from 0");
            return -1;
        }
    }
    PyObject *fast = PySequence_Fast(classes, "classes");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != SUITS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "classes: one per suit expected");
        return -1;
    }
    for (int i = 0; i < SUITS; i++) {
        if (read_ints(PySequence_Fast_GET_ITEM(fast, i), self->classes[i], RANKS, "classes") < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    for (int i = 0; i < SUITS; i++) {
        for (int rank = 0; rank < RANKS; rank++) {
            if (self->classes[i][rank] < 0 || self->classes[i][rank] > 2) {
                PyErr_SetString(PyExc_ValueError, "classes: each rank's is 0, 1 or 2");
                return -1;
            }
        }
        self->lows[i] = runs_table(self->classes[i]);
        if (!self->lows[i]) {
            PyErr_NoMemory();
            return -1;
        }
    }
    self->trumps = trumps;
    self->deadline_every = every;
    Py_XSETREF(self->passed, Py_NewRef(passed));
    return 0;
}

static void Search_dealloc(Search *self) {
    table_free(&self->table);
    proofs_free(&self->proofs);
    Py_XDECREF(self->passed);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* the search's position from state (AgencyPosition.state()'s fields, in its order); 0, or -1 with an error set */
static int read_state(Search *self, PyObject *state) {
    PyObject *fast = PySequence_Fast(state, "state");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 18) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "state: 18 items expected");
        return -1;
    }
    PyObject **item = PySequence_Fast_ITEMS(fast);
    Pos *p = &self->pos;
    memset(p, 0, sizeof(Pos));
    int scalars[10];
    int ok = read_masks(item[0], p->start, SEATS, "start") == 0 && read_masks(item[1], p->middle, SEATS, "middle") == 0 &&
             read_masks(item[2], p->end, SEATS, "end") == 0 && read_ints(item[3], p->walls, SEATS, "walls") == 0 &&
             read_masks(item[5], p->digits, SUITS, "digits") == 0 && read_ints(item[14], p->points, 2, "points") == 0;
    if (ok) {
        p->alive = PyLong_AsUnsignedLongLong(item[4]);
        ok = !PyErr_Occurred();
    }
    Py_ssize_t ntrick = ok ? PySequence_Size(item[6]) : -1;
    if (ok && (ntrick < 0 || ntrick >= SEATS)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "state: a trick of 0 to 3 moves expected");
        ok = 0;
    }
    if (ok) ok = read_ints(item[6], p->trick, ntrick, "trick") == 0;
    PyObject *tail[10] = {item[7], item[8], item[9], item[10], item[11], item[12], item[13], item[15], item[16], item[17]};
    for (int i = 0; ok && i < 10; i++) {
        long v = PyLong_AsLong(tail[i]);
        if (v == -1 && PyErr_Occurred()) ok = 0;
        scalars[i] = (int)v;
    }
    Py_DECREF(fast);
    if (!ok) return -1;
    p->ntrick = (int)ntrick;
    p->leader = scalars[0];
    p->to_act = scalars[1];
    p->led = scalars[2];
    p->best = scalars[3];
    p->best_seat = scalars[4];
    p->wall_in_trick = scalars[5];
    p->trick_points = scalars[6];
    p->left = scalars[7];
    p->tricks_done = scalars[8];
    p->ended = scalars[9];
    /* what the engine indexes by must be in range, whatever the state says */
    int sane = p->leader >= 0 && p->leader < SEATS && p->to_act >= 0 && p->to_act < SEATS && p->led >= -1 &&
               p->led < SUITS && p->best >= -1 && p->best < CARDS && p->best_seat >= -1 && p->best_seat < SEATS;
    uint64_t every = ((uint64_t)1 << CARDS) - 1, held = 0;
    for (int i = 0; i < SEATS; i++) {
        sane = sane && p->walls[i] >= 0 && p->walls[i] <= 2;
        held |= p->start[i] | p->middle[i] | p->end[i];
    }
    sane = sane && !(held & ~every);
    for (int i = 0; i < p->ntrick; i++)
        sane = sane && ((p->trick[i] >= 0 && p->trick[i] < CARDS) || (p->trick[i] >= WALL_MOVE && p->trick[i] < WALL_MOVE + SEATS));
    for (uint64_t left = held & every; sane && left; left &= left - 1)
        sane = self->holder_of[low_bit(left)] >= 0; /* a card in a holder has one (Search_init: -1 to 3) */
    if (!sane) {
        PyErr_SetString(PyExc_ValueError, "state: out of range");
        return -1;
    }
    return 0;
}

static PyObject *masks_tuple(const uint64_t *masks, int size) {
    PyObject *tuple = PyTuple_New(size);
    for (int i = 0; tuple && i < size; i++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(masks[i]);
        if (!mask) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, mask);
    }
    return tuple;
}

/* the position as AgencyPosition.state() gives it */
static PyObject *state_of(const Pos *p) {
    PyObject *trick = PyTuple_New(p->ntrick);
    if (!trick) return NULL;
    for (int i = 0; i < p->ntrick; i++) PyTuple_SET_ITEM(trick, i, PyLong_FromLong(p->trick[i]));
    return Py_BuildValue("NNN(iiii)KNNiiiiiOi(ii)iiO", masks_tuple(p->start, SEATS), masks_tuple(p->middle, SEATS),
                         masks_tuple(p->end, SEATS), p->walls[0], p->walls[1], p->walls[2], p->walls[3],
                         (unsigned long long)p->alive, masks_tuple(p->digits, SUITS), trick, p->leader, p->to_act, p->led,
                         p->best, p->best_seat, p->wall_in_trick ? Py_True : Py_False, p->trick_points, p->points[0],
                         p->points[1], p->left, p->tricks_done, p->ended ? Py_True : Py_False);
}

/* probe(state) -> what the engine reads of the position, for comparing it with engine.py's (bench/native.py) */
static PyObject *Search_probe(Search *self, PyObject *state) {
    if (read_state(self, state) < 0) return NULL;
    Key key;
    key_of(self, &key);
    int moves[MAX_MOVES];
    int n = moves_of(self, moves);
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    for (int i = 0; i < n; i++) {
        Pos saved = self->pos;
        int relative_ = self->pos.ntrick < SEATS - 1 ? relative(self, moves[i]) : -1;
        int zero = decided(self, moves[i], 0), one = decided(self, moves[i], 1);
        play(self, moves[i]);
        PyObject *after = state_of(&self->pos);
        self->pos = saved;
        PyObject *entry_ = after ? Py_BuildValue("(iiiiN)", moves[i], relative_, zero, one, after) : NULL;
        if (!entry_ || PyList_Append(found, entry_) < 0) {
            Py_XDECREF(entry_);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(entry_);
    }
    return Py_BuildValue("(LLLLL)iiN", (long long)key.k[0], (long long)key.k[1], (long long)key.k[2],
                         (long long)key.k[3], (long long)key.k[4], outcomes(&self->pos, 0), value(&self->pos, 0), found);
}

/* test(state, side, target, proof_numbers, nodes, limit, stopped) -> (reached: 1, 0 or -1 exhausted, nodes, stopped) */
static PyObject *Search_test(Search *self, PyObject *args) {
    PyObject *state;
    int side, target, proof_numbers, stopped;
    long long nodes, limit;
    if (!PyArg_ParseTuple(args, "OiipLLp", &state, &side, &target, &proof_numbers, &nodes, &limit, &stopped))
        return NULL;
    if (side < 0 || side > 1 || target < 0 || target >= COUNT || nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "test: a side 0 or 1, a value index 0 to 2 and nodes from 0 expected");
        return NULL;
    }
    if (read_state(self, state) < 0) return NULL;
    self->side = side;
    self->nodes = nodes;
    self->limit = limit;
    self->stopped = stopped;
    int result;
    if (proof_numbers) {
        int64_t pn, dn;
        proofs_reset(&self->proofs); /* each test's entries are its own (Solver._test) */
        result = prove(self, target, INF, INF, NEW, 1, &pn, &dn);
        if (result == 0) result = pn == 0;
    } else {
        result = search(self, target);
    }
    if (result == -2) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    if (result == EXHAUSTED && self->nodes > self->limit) self->nodes = self->limit;
    return Py_BuildValue("iLO", result, self->nodes, self->stopped ? Py_True : Py_False);
}

static PyMethodDef Search_methods[] = {
    {"probe", (PyCFunction)Search_probe, METH_O,
     "probe(state) -> (key, outcomes, value, [(move, relative, decided for side 0, for side 1, state after), ...]): "
     "the engine's reading of a position (AgencyPosition.state()), for tests."},
    {"test", (PyCFunction)Search_test, METH_VARARGS,
     "test(state, side, target, proof_numbers, nodes, limit, stopped) -> (reached, nodes, stopped): "
     "Solver._test over the position state (AgencyPosition.state()); reached is 1, 0, or -1 where the "
     "limit (or the deadline) came first."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "agency_search.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Agency's search over one hand, its transposition table kept between tests (as Solver's).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "agency_search", "Agency's search in C (service/analysis/agency_search.c).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_agency_search(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
