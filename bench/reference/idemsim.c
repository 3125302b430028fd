/*
 * A plain, single-threaded C11 implementation of the model's part one (docs/model.md),
 * for `npm run bench`: the yardstick for "at least half of a plain C implementation's
 * throughput" (issue 15). It is event-driven like the TypeScript core (src/sim/): a
 * binary-heap event queue ordered by (time, sequence number), per-action, per-call and
 * per-execution state, and a key store (hash index, expiry FIFO, retention) that counts
 * the same things. It does not share the simulator's random generator (splitmix64 per
 * call, xoshiro256** for arrival gaps), so its figures agree with idemsim's within
 * statistical noise, not to the digit.
 *
 * Build: cc -O2 -std=c11 -o idemsim-ref idemsim.c -lm
 * Run:   ./idemsim-ref --actions 1000000 [--scope none|intent] [--retention MS] [--seed N]
 * It prints one JSON line; `seconds` covers the simulation and its summary only.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

/* ---------- parameters: the article's defaults (src/model/scenario.ts) ---------- */

enum Jitter { JITTER_NONE, JITTER_FULL, JITTER_EQUAL, JITTER_DECORRELATED };
enum Scope { SCOPE_NONE, SCOPE_INTENT };

typedef struct {
  uint64_t seed, actions;
  double meanGap, median, sigma, errorRate, requestLoss, replyLoss, timeout;
  uint32_t concurrency; /* 0: unlimited */
  int retries;
  double backoffBase, backoffMultiplier, backoffMax, deadline;
  enum Jitter jitter;
  enum Scope scope;
  double retention;
  int fingerprint;
  double replanProbability, replanDelayMin, replanDelayMax, argsChange;
  int replanMax, crashMax;
  double crashProbability, resumeMin, resumeMax;
} Params;

static Params defaults(void) {
  Params p = {0};
  p.seed = 1;
  p.actions = 4000;
  p.meanGap = 1000.0 / 50;
  p.median = 300;
  p.sigma = 0.6;
  p.replyLoss = 0.02;
  p.timeout = 1000;
  p.retries = 3;
  p.backoffBase = 100;
  p.backoffMultiplier = 2;
  p.backoffMax = 10000;
  p.deadline = INFINITY;
  p.jitter = JITTER_FULL;
  p.scope = SCOPE_NONE;
  p.retention = 3600000;
  p.fingerprint = 1;
  p.replanProbability = 0.6;
  p.replanMax = 3;
  p.replanDelayMin = 2000;
  p.replanDelayMax = 120000;
  p.crashMax = 1;
  p.resumeMin = 120000;
  p.resumeMax = 1200000;
  return p;
}

static void *xrealloc(void *ptr, size_t bytes) {
  void *next = realloc(ptr, bytes);
  if (next == NULL && bytes > 0) {
    fprintf(stderr, "idemsim-ref: out of memory (%zu bytes)\n", bytes);
    exit(70);
  }
  return next;
}

/* ---------- random numbers ---------- */

static uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* splitmix64: one 8-byte state per tool call, seeded from (seed, action, segment, call). */
static double splitmix(uint64_t *state) {
  *state += 0x9e3779b97f4a7c15ULL;
  return (double)(mix64(*state) >> 11) * 0x1.0p-53;
}

/* Every draw of action i but its arrival gap depends only on (seed, i): common random numbers. */
static uint64_t callStream(uint64_t seed, uint64_t action, uint32_t segment, uint32_t index) {
  uint64_t h = mix64(seed ^ 0x6964656d73696dULL);
  h = mix64(h ^ action);
  return mix64(h ^ (((uint64_t)segment << 32) | index));
}

typedef struct { uint64_t s[4]; } Xoshiro;

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static double xoshiro(Xoshiro *g) {
  uint64_t *s = g->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return (double)(result >> 11) * 0x1.0p-53;
}

/* 1 - u keeps the logarithm away from zero. */
static double exponential(double u, double mean) { return -log(1 - u) * mean; }

/* Box-Muller: always two draws, so a stream's positions stay fixed. */
static double lognormal(double median, double sigma, double u1, double u2) {
  double z = sqrt(-2 * log(1 - u1)) * cos(6.283185307179586 * u2);
  return median * exp(sigma * z);
}

static double between(double u, double lo, double hi) { return lo + u * (hi - lo); }

/* ---------- statistics: Welford moments and the core's log-linear latency histogram ---------- */

typedef struct { double n, mean, m2; } Welford;

static void welford(Welford *w, double x) {
  w->n++;
  double delta = x - w->mean;
  w->mean += delta / w->n;
  w->m2 += delta * (x - w->mean);
}

static double variance(const Welford *w) { return w->n > 1 ? w->m2 / (w->n - 1) : 0; }

/* Per action (lookups, answers of one kind), for a share with actions as units. */
typedef struct { double n, x, y, xx, yy, xy; } Ratio;

static void ratio(Ratio *r, double trials, double hits) {
  r->n++;
  r->x += trials;
  r->y += hits;
  r->xx += trials * trials;
  r->yy += hits * hits;
  r->xy += trials * hits;
}

/* 1024 buckets per power of two from 2^-20 ms to 2^44 ms, as src/stats/histogram.ts. */
#define SUB_BITS 10
#define MIN_EXPONENT (-20)
#define MAX_EXPONENT 44
#define BUCKETS ((MAX_EXPONENT - MIN_EXPONENT) << SUB_BITS)
#define FIRST_BUCKET ((1023 + MIN_EXPONENT) << SUB_BITS)

typedef struct {
  double counts[BUCKETS + 1];
  double count, min, max;
  Welford moments;
} Histogram;

static void record(Histogram *h, double value) {
  uint32_t b = 0;
  if (value >= 0x1.0p-20) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    b = (uint32_t)(bits >> (52 - SUB_BITS)) - FIRST_BUCKET + 1;
    if (b > BUCKETS) b = BUCKETS;
  }
  h->counts[b]++;
  h->count++;
  welford(&h->moments, value);
  if (value < h->min) h->min = value;
  if (value > h->max) h->max = value;
}

static double lowerEdge(uint32_t bucket) {
  if (bucket == 0) return 0;
  uint64_t bits = (uint64_t)(bucket - 1 + FIRST_BUCKET) << (52 - SUB_BITS);
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* Nearest rank, reported as the midpoint of its bucket clamped to the observed range. */
static double quantile(const Histogram *h, double p) {
  if (h->count == 0) return 0;
  double rank = ceil(p * h->count), seen = 0;
  if (rank < 1) rank = 1;
  for (uint32_t b = 0; b <= BUCKETS; b++) {
    seen += h->counts[b];
    if (seen >= rank) {
      double mid = b == 0 ? 0 : (lowerEdge(b) + lowerEdge(b + 1)) / 2;
      return fmin(h->max, fmax(h->min, mid));
    }
  }
  return h->max;
}

/* ---------- entities, in pools addressed by index; a generation number spots a stale reference ---------- */

enum Origin { ORIGIN_ORIGINAL, ORIGIN_REPLAN, ORIGIN_REPLAY };

typedef struct {
  uint64_t id;
  double arrival, uCrash, uResume;
  int64_t version, firstCommitCall;
  uint32_t open, segment, crashes, replansUsed, callsInSegment, firstCommitSegment;
  uint32_t commits, started, attempts, executions, unknown, falseFailures;
  uint32_t keyClaims, lookups, sentConflict, sentMismatch, sentStored;
} Action;

typedef struct {
  uint64_t rng;
  int64_t id, version;
  uint32_t action, index, segment, gen;
  uint8_t origin, k, waiting, requestLost, replyLost;
  double firstSend, sentAt, replyAt, prevBackoff, uReplan, uReplanDelay;
  double uRequest, uError, uService1, uService2, uReply, uBackoff;
} Call;

typedef struct {
  int64_t callId;
  uint32_t action, call, callGen, callSegment, k;
  int32_t slot;
  double service, queuedAt;
} Execution;

/* A free list over a growable array; `gens` counts each slot's reuses. */
typedef struct {
  void *items;
  uint32_t *gens, *free;
  uint32_t size, used, nfree, cap;
} Pool;

static void poolInit(Pool *pool, uint32_t size) {
  memset(pool, 0, sizeof *pool);
  pool->size = size;
}

static uint32_t poolTake(Pool *pool) {
  if (pool->nfree > 0) return pool->free[--pool->nfree];
  if (pool->used == pool->cap) {
    pool->cap = pool->cap ? pool->cap * 2 : 1024;
    pool->items = xrealloc(pool->items, (size_t)pool->cap * pool->size);
    pool->gens = xrealloc(pool->gens, (size_t)pool->cap * sizeof *pool->gens);
    pool->free = xrealloc(pool->free, (size_t)pool->cap * sizeof *pool->free);
    memset(pool->gens + pool->used, 0, (size_t)(pool->cap - pool->used) * sizeof *pool->gens);
  }
  return pool->used++;
}

static void poolGive(Pool *pool, uint32_t i) {
  pool->gens[i]++;
  pool->free[pool->nfree++] = i;
}

/* ---------- the event queue: a binary heap by (time, sequence number) ---------- */

enum Kind { EV_ARRIVAL, EV_SEND, EV_TIMEOUT, EV_COMMIT, EV_CALL_START };

typedef struct {
  double t;
  uint64_t seq;
  uint32_t ref, gen;
  uint8_t kind, k;
} Event;

typedef struct {
  Event *heap;
  size_t len, cap;
  uint64_t nextSeq;
  double now;
} Queue;

static int before(const Event *a, const Event *b) { return a->t < b->t || (a->t == b->t && a->seq < b->seq); }

static void push(Queue *q, double t, enum Kind kind, uint32_t ref, uint32_t gen, uint8_t k) {
  if (!(t >= q->now)) {
    fprintf(stderr, "idemsim-ref: event scheduled in the past: %.17g < %.17g\n", t, q->now);
    exit(70);
  }
  if (q->len == q->cap) {
    q->cap = q->cap ? q->cap * 2 : 1024;
    q->heap = xrealloc(q->heap, q->cap * sizeof *q->heap);
  }
  Event e = {t, q->nextSeq++, ref, gen, (uint8_t)kind, k};
  size_t i = q->len++;
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (before(&q->heap[parent], &e)) break;
    q->heap[i] = q->heap[parent];
    i = parent;
  }
  q->heap[i] = e;
}

static Event pop(Queue *q) {
  Event top = q->heap[0], last = q->heap[--q->len];
  size_t i = 0, n = q->len;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && before(&q->heap[c + 1], &q->heap[c])) c++;
    if (before(&last, &q->heap[c])) break;
    q->heap[i] = q->heap[c];
    i = c;
  }
  if (n > 0) q->heap[i] = last;
  q->now = top.t;
  return top;
}

/* ---------- the key store: records in arrays, a hash index, an expiry FIFO ---------- */

#define OCCUPIED 1
#define LIVE 2
#define DONE 4

typedef struct {
  double retention;
  int64_t *keys, *fps, *creators;
  double *expiry, *claimedAt;
  int32_t *pendings;
  uint8_t *flags;
  uint32_t cap, used, *free, nfree;
  /*
   * The index: open addressing with linear probing, as src/sim/keyindex.ts. Keys are dense
   * counters, so the low bits place a sliding window of live keys side by side, without
   * collisions and with neighbours next to each other in memory; deletions leave tombstones
   * (a backward shift would walk the whole dense run), swept when they pass a quarter.
   */
  int32_t *table; /* EMPTY, TOMBSTONE, or slot + 1 */
  uint32_t mask, indexed, dead, hole;
  /* Every expiry is "now + retention", so expiries arrive in time order: a FIFO, not a heap. */
  double *fifoTimes;
  uint32_t *fifoSlots;
  size_t fifoCap, fifoHead, fifoLen;
  uint64_t liveKeys, peakKeys, claims;
  double peakKeysAt;
  Welford lifetimes;
} Store;

#define EMPTY 0
#define TOMBSTONE (-1)

static uint32_t home(int64_t key) { return (uint32_t)key ^ (uint32_t)((uint64_t)key >> 32); }

static void storeInit(Store *s, double retention, uint32_t expected) {
  memset(s, 0, sizeof *s);
  s->retention = retention;
  s->cap = expected < 1024 ? 1024 : expected;
  s->keys = xrealloc(NULL, s->cap * sizeof *s->keys);
  s->fps = xrealloc(NULL, s->cap * sizeof *s->fps);
  s->creators = xrealloc(NULL, s->cap * sizeof *s->creators);
  s->expiry = xrealloc(NULL, s->cap * sizeof *s->expiry);
  s->claimedAt = xrealloc(NULL, s->cap * sizeof *s->claimedAt);
  s->pendings = xrealloc(NULL, s->cap * sizeof *s->pendings);
  s->flags = xrealloc(NULL, s->cap * sizeof *s->flags);
  s->free = xrealloc(NULL, s->cap * sizeof *s->free);
  uint32_t size = 2048;
  while (size < 2 * s->cap) size *= 2;
  s->table = calloc(size, sizeof *s->table);
  if (s->table == NULL) exit(70);
  s->mask = size - 1;
  s->fifoCap = 2 * (size_t)s->cap;
  s->fifoTimes = xrealloc(NULL, s->fifoCap * sizeof *s->fifoTimes);
  s->fifoSlots = xrealloc(NULL, s->fifoCap * sizeof *s->fifoSlots);
}

static void rebuild(Store *s, uint32_t size) {
  int32_t *old = s->table;
  uint32_t oldSize = s->mask + 1;
  s->table = calloc(size, sizeof *s->table);
  if (s->table == NULL) exit(70);
  s->mask = size - 1;
  for (uint32_t i = 0; i < oldSize; i++) {
    if (old[i] <= 0) continue;
    uint32_t j = home(s->keys[old[i] - 1]) & s->mask;
    while (s->table[j] != EMPTY) j = (j + 1) & s->mask;
    s->table[j] = old[i];
  }
  s->dead = 0;
  free(old);
}

/* The slot holding `key` (live, or expired while an execution still depends on it), or -1. */
static int32_t find(Store *s, int64_t key) {
  int64_t hole = -1;
  for (uint32_t i = home(key) & s->mask;; i = (i + 1) & s->mask) {
    int32_t entry = s->table[i];
    if (entry == EMPTY) {
      s->hole = hole < 0 ? i : (uint32_t)hole;
      return -1;
    }
    if (entry == TOMBSTONE) {
      if (hole < 0) hole = i;
    } else if (s->keys[entry - 1] == key) {
      return entry - 1;
    }
  }
}

/* Index `slot` for the key the last find() missed. */
static void insertMissed(Store *s, uint32_t slot) {
  if (s->table[s->hole] == TOMBSTONE) s->dead--;
  s->table[s->hole] = (int32_t)slot + 1;
  s->indexed++;
  uint32_t size = s->mask + 1;
  if (2 * (s->indexed + s->dead) > size) rebuild(s, 4 * s->indexed > size ? 2 * size : size);
}

static void unindex(Store *s, int64_t key) {
  uint32_t i = home(key) & s->mask;
  while (s->table[i] <= 0 || s->keys[s->table[i] - 1] != key) i = (i + 1) & s->mask;
  s->table[i] = TOMBSTONE;
  s->indexed--;
  s->dead++;
  if (4 * s->dead > s->mask + 1) rebuild(s, s->mask + 1);
}

static void growRecords(Store *s) {
  s->cap *= 2;
  s->keys = xrealloc(s->keys, s->cap * sizeof *s->keys);
  s->fps = xrealloc(s->fps, s->cap * sizeof *s->fps);
  s->creators = xrealloc(s->creators, s->cap * sizeof *s->creators);
  s->expiry = xrealloc(s->expiry, s->cap * sizeof *s->expiry);
  s->claimedAt = xrealloc(s->claimedAt, s->cap * sizeof *s->claimedAt);
  s->pendings = xrealloc(s->pendings, s->cap * sizeof *s->pendings);
  s->flags = xrealloc(s->flags, s->cap * sizeof *s->flags);
  s->free = xrealloc(s->free, s->cap * sizeof *s->free);
}

static void setExpiry(Store *s, uint32_t slot, double when, double now) {
  s->expiry[slot] = when;
  if (!(s->flags[slot] & LIVE)) {
    s->flags[slot] |= LIVE;
    if (++s->liveKeys > s->peakKeys) {
      s->peakKeys = s->liveKeys;
      s->peakKeysAt = now;
    }
  }
  if (s->fifoLen == s->fifoCap) {
    size_t cap = s->fifoCap * 2;
    double *times = xrealloc(NULL, cap * sizeof *times);
    uint32_t *slots = xrealloc(NULL, cap * sizeof *slots);
    for (size_t i = 0; i < s->fifoLen; i++) {
      size_t from = (s->fifoHead + i) % s->fifoCap;
      times[i] = s->fifoTimes[from];
      slots[i] = s->fifoSlots[from];
    }
    free(s->fifoTimes);
    free(s->fifoSlots);
    s->fifoTimes = times;
    s->fifoSlots = slots;
    s->fifoCap = cap;
    s->fifoHead = 0;
  }
  size_t tail = (s->fifoHead + s->fifoLen++) % s->fifoCap;
  s->fifoTimes[tail] = when;
  s->fifoSlots[tail] = slot;
}

/* Claim `key` as running; `slot` is its expired record still held, or -1 after a missed find. */
static uint32_t claim(Store *s, int64_t key, int32_t found, double t, int64_t fp, int64_t creator) {
  uint32_t slot;
  if (found >= 0) {
    slot = (uint32_t)found;
    welford(&s->lifetimes, s->expiry[slot] - s->claimedAt[slot]);
  } else {
    if (s->nfree > 0) {
      slot = s->free[--s->nfree];
    } else {
      if (s->used == s->cap) growRecords(s);
      slot = s->used++;
    }
    s->keys[slot] = key;
    s->pendings[slot] = 0;
    insertMissed(s, slot);
  }
  s->claims++;
  s->fps[slot] = fp;
  s->creators[slot] = creator;
  s->claimedAt[slot] = t;
  s->pendings[slot]++;
  s->flags[slot] = OCCUPIED;
  setExpiry(s, slot, t + s->retention, t);
  return slot;
}

/* The result is stored: written as done, unconditionally, live until commit + retention. */
static void commitRecord(Store *s, uint32_t slot, double t) {
  s->pendings[slot]--;
  s->flags[slot] = OCCUPIED | DONE | (s->flags[slot] & LIVE);
  setExpiry(s, slot, t + s->retention, t);
}

static void removeRecord(Store *s, uint32_t slot) {
  welford(&s->lifetimes, s->expiry[slot] - s->claimedAt[slot]);
  s->flags[slot] = 0;
  unindex(s, s->keys[slot]);
  s->free[s->nfree++] = slot;
}

/* Expire every record whose expiry is at or before t (a record is live while t < expiry). */
static void advance(Store *s, double t) {
  while (s->fifoLen > 0) {
    double when = s->fifoTimes[s->fifoHead];
    if (when > t) return;
    uint32_t slot = s->fifoSlots[s->fifoHead];
    s->fifoHead = (s->fifoHead + 1) % s->fifoCap;
    s->fifoLen--;
    if (!(s->flags[slot] & LIVE) || s->expiry[slot] != when) continue;
    s->flags[slot] &= (uint8_t)~LIVE;
    s->liveKeys--;
    if (s->pendings[slot] == 0) removeRecord(s, slot);
  }
}

/* ---------- the simulation ---------- */

enum Outcome { OUT_EXECUTED, OUT_STORED, OUT_CONFLICT, OUT_MISMATCH, OUT_REJECTED, OUT_SLOW, OUT_REPLY_LOST, OUT_REQUEST_LOST };

typedef struct {
  uint64_t actions, attempts, toolCalls, executions, duplicates, byTransport, byReplan, byReplay;
  uint64_t retentionMisses, lostActions, unknownOutcomes, falseFailures;
  uint64_t ok, replayed, conflict, mismatch, rejected, slow, replyLost, requestLost;
  uint64_t lookups, sentConflict, sentMismatch, sentStored, peakConcurrency;
  Welford duplicatesPerAction, lostPerAction, unknownPerAction, falseFailuresPerAction;
  Welford extraAttempts, extraExecutions, missingExecutions, extraClaims, missingClaims;
  Ratio conflictShare, mismatchShare, storedShare;
  Histogram callLatency, stepLatency, queueWait;
} Tally;

typedef struct {
  Params p;
  Queue queue;
  Store store;
  int keyed;
  Pool actions, calls, execs;
  Xoshiro gaps;
  uint64_t nextAction;
  int64_t nextCallId, nextVersion;
  uint32_t busy;
  /* Executions waiting for a slot under limited concurrency (FIFO ring). */
  uint32_t *waiting;
  size_t waitCap, waitHead, waitLen;
  Tally *tally;
} Sim;

#define ACTION(sim, i) (((Action *)(sim)->actions.items) + (i))
#define CALL(sim, i) (((Call *)(sim)->calls.items) + (i))
#define EXEC(sim, i) (((Execution *)(sim)->execs.items) + (i))

static void sendAttempt(Sim *sim, uint32_t c, uint8_t k, double t);
static void endAttempt(Sim *sim, uint32_t c, double t, enum Outcome outcome);

static uint32_t newCall(Sim *sim, uint32_t a, uint32_t index, enum Origin origin) {
  uint32_t c = poolTake(&sim->calls);
  Call *call = CALL(sim, c);
  Action *action = ACTION(sim, a);
  uint32_t gen = sim->calls.gens[c];
  memset(call, 0, sizeof *call);
  call->gen = gen;
  call->action = a;
  call->id = sim->nextCallId++;
  call->index = index;
  call->segment = action->segment;
  call->origin = (uint8_t)origin;
  call->replyAt = NAN;
  call->prevBackoff = sim->p.backoffBase;
  call->rng = callStream(sim->p.seed, action->id, action->segment, index);
  return c;
}

/* A re-plan or replay call: its own stream, and a new argument version with probability argsChange. */
static uint32_t nextCall(Sim *sim, uint32_t a, enum Origin origin) {
  Action *action = ACTION(sim, a);
  uint32_t c = newCall(sim, a, action->callsInSegment++, origin);
  Call *call = CALL(sim, c);
  double uArgs = splitmix(&call->rng);
  call->uReplan = splitmix(&call->rng);
  call->uReplanDelay = splitmix(&call->rng);
  double uCrash = splitmix(&call->rng), uResume = splitmix(&call->rng);
  if (origin == ORIGIN_REPLAY) {
    action->uCrash = uCrash;
    action->uResume = uResume;
  }
  call->version = uArgs < sim->p.argsChange ? ++sim->nextVersion : action->version;
  return c;
}

static void startCall(Sim *sim, uint32_t c, double t) {
  Call *call = CALL(sim, c);
  sim->tally->toolCalls++;
  ACTION(sim, call->action)->version = call->version;
  call->firstSend = t;
  sendAttempt(sim, c, 0, t);
}

static void onArrival(Sim *sim, double t) {
  const Params *p = &sim->p;
  uint32_t a = poolTake(&sim->actions);
  Action *action = ACTION(sim, a);
  memset(action, 0, sizeof *action);
  action->id = sim->nextAction++;
  action->arrival = t;
  action->open = 1;
  action->callsInSegment = 1;
  action->firstCommitCall = -1;
  uint32_t c = newCall(sim, a, 0, ORIGIN_ORIGINAL);
  Call *call = CALL(sim, c);
  /* The action's block comes first in its first call's stream. */
  action->uCrash = splitmix(&call->rng);
  action->uResume = splitmix(&call->rng);
  call->uReplan = splitmix(&call->rng);
  call->uReplanDelay = splitmix(&call->rng);
  sim->tally->actions++;
  if (sim->nextAction < p->actions) push(&sim->queue, t + exponential(xoshiro(&sim->gaps), p->meanGap), EV_ARRIVAL, 0, 0, 0);
  startCall(sim, c, t);
}

static void scheduleTimeout(Sim *sim, uint32_t c) {
  Call *call = CALL(sim, c);
  push(&sim->queue, call->sentAt + sim->p.timeout, EV_TIMEOUT, c, call->gen, call->k);
}

/* The service answers at t without executing (503, 409, 422 or a stored 200). */
static void replyNow(Sim *sim, uint32_t c, double t, enum Outcome outcome) {
  Call *call = CALL(sim, c);
  call->replyAt = t;
  if (call->replyLost) scheduleTimeout(sim, c);
  else endAttempt(sim, c, t, outcome);
}

/* The execution takes a service slot at t. */
static void startExecution(Sim *sim, uint32_t e, double t) {
  Execution *exec = EXEC(sim, e);
  Tally *tally = sim->tally;
  if (++sim->busy > tally->peakConcurrency) tally->peakConcurrency = sim->busy;
  ACTION(sim, exec->action)->started++;
  record(&tally->queueWait, t - exec->queuedAt);
  double endAt = t + exec->service;
  Call *call = CALL(sim, exec->call);
  if (sim->calls.gens[exec->call] == exec->callGen && call->waiting && call->k == exec->k) call->replyAt = endAt;
  push(&sim->queue, endAt, EV_COMMIT, e, 0, 0);
}

static void execute(Sim *sim, uint32_t c, int32_t slot, double t) {
  Call *call = CALL(sim, c);
  Action *action = ACTION(sim, call->action);
  sim->tally->executions++;
  action->executions++;
  action->open++;
  uint32_t e = poolTake(&sim->execs);
  Execution *exec = EXEC(sim, e);
  exec->callId = call->id;
  exec->action = call->action;
  exec->call = c;
  exec->callGen = call->gen;
  exec->callSegment = call->segment;
  exec->k = call->k;
  exec->slot = slot;
  exec->service = lognormal(sim->p.median, sim->p.sigma, call->uService1, call->uService2);
  exec->queuedAt = t;
  if (sim->p.concurrency == 0 || sim->busy < sim->p.concurrency) {
    startExecution(sim, e, t);
    /* Without a lost reply or a late commit, the commit itself ends the attempt. */
    if (!call->replyLost && call->replyAt <= call->sentAt + sim->p.timeout) return;
  } else {
    if (sim->waitLen == sim->waitCap) {
      size_t cap = sim->waitCap ? sim->waitCap * 2 : 1024;
      uint32_t *ring = xrealloc(NULL, cap * sizeof *ring);
      for (size_t i = 0; i < sim->waitLen; i++) ring[i] = sim->waiting[(sim->waitHead + i) % sim->waitCap];
      free(sim->waiting);
      sim->waiting = ring;
      sim->waitCap = cap;
      sim->waitHead = 0;
    }
    sim->waiting[(sim->waitHead + sim->waitLen++) % sim->waitCap] = e;
  }
  scheduleTimeout(sim, c);
}

/* The attempt reaches the service at t: a 503, or the key lookup, or an execution. */
static void receive(Sim *sim, uint32_t c, double t) {
  const Params *p = &sim->p;
  Call *call = CALL(sim, c);
  if (call->uError < p->errorRate) {
    replyNow(sim, c, t, OUT_REJECTED);
    return;
  }
  if (!sim->keyed) {
    execute(sim, c, -1, t);
    return;
  }
  Store *store = &sim->store;
  Tally *tally = sim->tally;
  Action *action = ACTION(sim, call->action);
  tally->lookups++;
  action->lookups++;
  int64_t key = (int64_t)action->id; /* scope intent: run id + step */
  int32_t found = find(store, key);
  if (found < 0 || !(store->flags[found] & LIVE)) {
    /* The intent key is the action's own: claiming it again means the store forgot it. */
    if (action->keyClaims > 0) tally->retentionMisses++;
    action->keyClaims++;
    uint32_t slot = claim(store, key, found, t, call->version, (int64_t)action->id);
    execute(sim, c, (int32_t)slot, t);
  } else if (p->fingerprint && store->fps[found] != call->version) {
    tally->sentMismatch++;
    action->sentMismatch++;
    replyNow(sim, c, t, OUT_MISMATCH);
  } else if (!(store->flags[found] & DONE)) {
    /* Claims are atomic (keys.claim: atomic): a running record answers 409. */
    tally->sentConflict++;
    action->sentConflict++;
    replyNow(sim, c, t, OUT_CONFLICT);
  } else {
    tally->sentStored++;
    action->sentStored++;
    replyNow(sim, c, t, OUT_STORED);
  }
}

static void sendAttempt(Sim *sim, uint32_t c, uint8_t k, double t) {
  const Params *p = &sim->p;
  Call *call = CALL(sim, c);
  call->uRequest = splitmix(&call->rng);
  call->uError = splitmix(&call->rng);
  call->uService1 = splitmix(&call->rng);
  call->uService2 = splitmix(&call->rng);
  call->uReply = splitmix(&call->rng);
  call->uBackoff = splitmix(&call->rng);
  call->k = k;
  call->waiting = 1;
  call->sentAt = t;
  call->replyAt = NAN;
  call->requestLost = call->uRequest < p->requestLoss;
  call->replyLost = call->uReply < p->replyLoss;
  sim->tally->attempts++;
  ACTION(sim, call->action)->attempts++;
  if (call->requestLost) {
    scheduleTimeout(sim, c);
    return;
  }
  receive(sim, c, t);
}

static void onTimeout(Sim *sim, uint32_t c, uint32_t gen, uint8_t k, double t) {
  /* A timer of an attempt that already ended, or of a call that is over, does nothing. */
  if (sim->calls.gens[c] != gen) return;
  Call *call = CALL(sim, c);
  if (!call->waiting || call->k != k) return;
  if (call->requestLost) endAttempt(sim, c, t, OUT_REQUEST_LOST);
  else if (!(call->replyAt <= t)) endAttempt(sim, c, t, OUT_SLOW);
  else if (call->replyAt == t && !call->replyLost) return; /* arrives exactly at the timeout: its commit delivers it */
  else endAttempt(sim, c, t, OUT_REPLY_LOST);
}

static void closeOne(Sim *sim, uint32_t a) {
  Action *action = ACTION(sim, a);
  if (--action->open > 0) return;
  Tally *tally = sim->tally;
  if (action->commits == 0) tally->lostActions++;
  welford(&tally->duplicatesPerAction, action->commits > 1 ? action->commits - 1 : 0);
  welford(&tally->lostPerAction, action->commits == 0);
  welford(&tally->unknownPerAction, action->unknown);
  welford(&tally->falseFailuresPerAction, action->falseFailures);
  welford(&tally->extraAttempts, (double)action->attempts - 1);
  welford(&tally->extraExecutions, action->executions > 1 ? action->executions - 1 : 0);
  welford(&tally->missingExecutions, action->executions == 0);
  if (sim->keyed) {
    welford(&tally->extraClaims, action->keyClaims > 1 ? action->keyClaims - 1 : 0);
    welford(&tally->missingClaims, action->keyClaims == 0);
    ratio(&tally->conflictShare, action->lookups, action->sentConflict);
    ratio(&tally->mismatchShare, action->lookups, action->sentMismatch);
    ratio(&tally->storedShare, action->lookups, action->sentStored);
  }
  poolGive(&sim->actions, a);
}

/* The step execution ended; the worker may die before its checkpoint and replay the step. */
static void stepEnd(Sim *sim, uint32_t a, double t, int succeeded) {
  const Params *p = &sim->p;
  Action *action = ACTION(sim, a);
  if (action->segment == 0) record(&sim->tally->stepLatency, t - action->arrival);
  if (!succeeded && action->started > 0) {
    sim->tally->falseFailures++;
    action->falseFailures++;
  }
  if (action->crashes < (uint32_t)p->crashMax && action->uCrash < p->crashProbability) {
    action->crashes++;
    double delay = between(action->uResume, p->resumeMin, p->resumeMax);
    action->segment++;
    action->replansUsed = 0;
    action->callsInSegment = 0;
    uint32_t replay = nextCall(sim, a, ORIGIN_REPLAY);
    push(&sim->queue, t + delay, EV_CALL_START, replay, CALL(sim, replay)->gen, 0);
    return;
  }
  closeOne(sim, a);
}

/* The tool call returned to the model at t; the call is over, and its slot is freed. */
static void callDone(Sim *sim, uint32_t c, double t, int succeeded, int unknown) {
  const Params *p = &sim->p;
  Tally *tally = sim->tally;
  Call *call = CALL(sim, c);
  uint32_t a = call->action;
  Action *action = ACTION(sim, a);
  double uReplan = call->uReplan, uReplanDelay = call->uReplanDelay;
  record(&tally->callLatency, t - call->firstSend);
  poolGive(&sim->calls, c);
  if (unknown) {
    tally->unknownOutcomes++;
    action->unknown++;
  }
  if (succeeded) {
    stepEnd(sim, a, t, 1);
    return;
  }
  if (action->replansUsed < (uint32_t)p->replanMax && uReplan < p->replanProbability) {
    action->replansUsed++;
    double delay = between(uReplanDelay, p->replanDelayMin, p->replanDelayMax);
    uint32_t next = nextCall(sim, a, ORIGIN_REPLAN);
    push(&sim->queue, t + delay, EV_CALL_START, next, CALL(sim, next)->gen, 0);
    return;
  }
  stepEnd(sim, a, t, 0);
}

static double backoffDelay(const Params *p, int k, double u, double previous) {
  double d = p->backoffBase == 0 ? 0 : fmin(p->backoffMax, p->backoffBase * pow(p->backoffMultiplier, k));
  switch (p->jitter) {
    case JITTER_NONE: return d;
    case JITTER_FULL: return u * d;
    case JITTER_EQUAL: return d / 2 + u * d / 2;
    case JITTER_DECORRELATED: return fmin(p->backoffMax, p->backoffBase + u * (3 * previous - p->backoffBase));
  }
  return d;
}

static void endAttempt(Sim *sim, uint32_t c, double t, enum Outcome outcome) {
  const Params *p = &sim->p;
  Tally *tally = sim->tally;
  Call *call = CALL(sim, c);
  call->waiting = 0;
  switch (outcome) {
    case OUT_EXECUTED: tally->ok++; break;
    case OUT_STORED: tally->ok++; tally->replayed++; break;
    case OUT_CONFLICT: tally->conflict++; break;
    case OUT_MISMATCH: tally->mismatch++; break;
    case OUT_REJECTED: tally->rejected++; break;
    case OUT_SLOW: tally->slow++; break;
    case OUT_REPLY_LOST: tally->replyLost++; break;
    case OUT_REQUEST_LOST: tally->requestLost++; break;
  }
  if (outcome == OUT_EXECUTED || outcome == OUT_STORED) {
    callDone(sim, c, t, 1, 0);
    return;
  }
  if (outcome == OUT_MISMATCH) {
    callDone(sim, c, t, 0, 0);
    return;
  }
  if (call->k < p->retries) {
    double delay = backoffDelay(p, call->k, call->uBackoff, call->prevBackoff);
    call->prevBackoff = delay;
    if (t + delay <= call->firstSend + p->deadline) {
      push(&sim->queue, t + delay, EV_SEND, c, call->gen, (uint8_t)(call->k + 1));
      return;
    }
  }
  callDone(sim, c, t, 0, outcome != OUT_REJECTED);
}

/* The execution ends at t: the side effect commits, the record is written as done, the 200 leaves. */
static void onCommit(Sim *sim, uint32_t e, double t) {
  Tally *tally = sim->tally;
  Execution exec = *EXEC(sim, e);
  poolGive(&sim->execs, e);
  Action *action = ACTION(sim, exec.action);
  if (action->commits == 0) {
    action->firstCommitCall = exec.callId;
    action->firstCommitSegment = exec.callSegment;
  } else {
    tally->duplicates++;
    if (exec.callId == action->firstCommitCall) tally->byTransport++;
    else if (exec.callSegment == action->firstCommitSegment) tally->byReplan++;
    else tally->byReplay++;
  }
  action->commits++;
  if (exec.slot >= 0) commitRecord(&sim->store, (uint32_t)exec.slot, t);
  sim->busy--;
  if (sim->waitLen > 0) {
    uint32_t next = sim->waiting[sim->waitHead];
    sim->waitHead = (sim->waitHead + 1) % sim->waitCap;
    sim->waitLen--;
    startExecution(sim, next, t);
  }
  if (sim->calls.gens[exec.call] == exec.callGen) {
    Call *call = CALL(sim, exec.call);
    if (call->waiting && call->k == exec.k && !call->replyLost) endAttempt(sim, exec.call, t, OUT_EXECUTED);
  }
  closeOne(sim, exec.action);
}

static void run(Sim *sim) {
  Queue *q = &sim->queue;
  push(q, exponential(xoshiro(&sim->gaps), sim->p.meanGap), EV_ARRIVAL, 0, 0, 0);
  while (q->len > 0) {
    Event ev = pop(q);
    if (sim->keyed) advance(&sim->store, ev.t);
    switch ((enum Kind)ev.kind) {
      case EV_ARRIVAL: onArrival(sim, ev.t); break;
      case EV_SEND: sendAttempt(sim, ev.ref, ev.k, ev.t); break;
      case EV_TIMEOUT: onTimeout(sim, ev.ref, ev.gen, ev.k, ev.t); break;
      case EV_COMMIT: onCommit(sim, ev.ref, ev.t); break;
      case EV_CALL_START: startCall(sim, ev.ref, ev.t); break;
    }
  }
  if (sim->keyed) {
    /* The lifetimes of the records still held when the run ends. */
    Store *s = &sim->store;
    for (uint32_t slot = 0; slot < s->used; slot++) {
      if (s->flags[slot] & OCCUPIED) welford(&s->lifetimes, s->expiry[slot] - s->claimedAt[slot]);
    }
  }
}

/* ---------- the command line ---------- */

static int usage(const char *problem) {
  fprintf(stderr,
          "idemsim-ref: %s\n"
          "usage: idemsim-ref [--actions N] [--scope none|intent] [--retention MS] [--seed N]\n"
          "                   [--crash P] [--concurrency C] [--request-loss P] [--error-rate P]\n"
          "                   [--jitter none|full|equal|decorrelated] [--deadline MS]\n",
          problem);
  return 2;
}

static int parseNumber(const char *text, double lo, double hi, double *out) {
  char *end;
  double value = strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= lo && value <= hi)) return 0;
  *out = value;
  return 1;
}

int main(int argc, char **argv) {
  Params p = defaults();
  for (int i = 1; i < argc; i += 2) {
    const char *name = argv[i], *text = i + 1 < argc ? argv[i + 1] : NULL;
    double v;
    if (text == NULL) return usage("every option takes a value");
    if (strcmp(name, "--scope") == 0) {
      if (strcmp(text, "none") == 0) p.scope = SCOPE_NONE;
      else if (strcmp(text, "intent") == 0) p.scope = SCOPE_INTENT;
      else return usage("--scope is none or intent");
    } else if (strcmp(name, "--jitter") == 0) {
      if (strcmp(text, "none") == 0) p.jitter = JITTER_NONE;
      else if (strcmp(text, "full") == 0) p.jitter = JITTER_FULL;
      else if (strcmp(text, "equal") == 0) p.jitter = JITTER_EQUAL;
      else if (strcmp(text, "decorrelated") == 0) p.jitter = JITTER_DECORRELATED;
      else return usage("--jitter is none, full, equal or decorrelated");
    } else if (strcmp(name, "--deadline") == 0 && parseNumber(text, 0, 1e15, &v)) {
      p.deadline = v;
    } else if (strcmp(name, "--actions") == 0 && parseNumber(text, 1, 1e8, &v) && v == floor(v)) {
      p.actions = (uint64_t)v;
    } else if (strcmp(name, "--retention") == 0 && parseNumber(text, 1e-9, 1e15, &v)) {
      p.retention = v;
    } else if (strcmp(name, "--seed") == 0 && parseNumber(text, 0, 1e18, &v) && v == floor(v)) {
      p.seed = (uint64_t)v;
    } else if (strcmp(name, "--crash") == 0 && parseNumber(text, 0, 1, &v)) {
      p.crashProbability = v;
    } else if (strcmp(name, "--concurrency") == 0 && parseNumber(text, 1, 4e9, &v) && v == floor(v)) {
      p.concurrency = (uint32_t)v;
    } else if (strcmp(name, "--request-loss") == 0 && parseNumber(text, 0, 1, &v)) {
      p.requestLoss = v;
    } else if (strcmp(name, "--error-rate") == 0 && parseNumber(text, 0, 1, &v)) {
      p.errorRate = v;
    } else {
      return usage("unknown option or value out of range");
    }
  }

  struct timespec started, ended;
  clock_gettime(CLOCK_MONOTONIC, &started);
  Sim *sim = calloc(1, sizeof *sim);
  Tally *tally = calloc(1, sizeof *tally);
  if (sim == NULL || tally == NULL) return 70;
  sim->p = p;
  sim->tally = tally;
  tally->callLatency.min = tally->stepLatency.min = tally->queueWait.min = INFINITY;
  tally->callLatency.max = tally->stepLatency.max = tally->queueWait.max = -INFINITY;
  poolInit(&sim->actions, sizeof(Action));
  poolInit(&sim->calls, sizeof(Call));
  poolInit(&sim->execs, sizeof(Execution));
  uint64_t g = mix64(p.seed ^ 0x617272697661ULL);
  for (int i = 0; i < 4; i++) sim->gaps.s[i] = g = mix64(g + 0x9e3779b97f4a7c15ULL);
  sim->keyed = p.scope != SCOPE_NONE;
  if (sim->keyed) {
    /* A first guess at the live records (rate * retention), capped as the core caps it. */
    double live = fmin((double)p.actions, p.retention / p.meanGap) * 1.05 + 1024;
    storeInit(&sim->store, p.retention, (uint32_t)fmin(live, 1 << 23));
  }
  run(sim);
  const Welford *d = &tally->duplicatesPerAction;
  double half = d->n > 0 ? 1.959963984540054 * sqrt(variance(d) / d->n) : 0;
  double p95 = quantile(&tally->callLatency, 0.95), stepP95 = quantile(&tally->stepLatency, 0.95);
  clock_gettime(CLOCK_MONOTONIC, &ended);
  double seconds = (double)(ended.tv_sec - started.tv_sec) + (double)(ended.tv_nsec - started.tv_nsec) / 1e9;

  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("{\"actions\":%llu,\"seconds\":%.4f,\"rssMB\":%.1f,\"duplicatesPerThousand\":%.4f,"
         "\"duplicatesInterval\":[%.4f,%.4f],\"attempts\":%llu,\"toolCalls\":%llu,\"executions\":%llu,"
         "\"duplicatesBySource\":{\"transport\":%llu,\"replan\":%llu,\"replay\":%llu},\"lostActions\":%llu,"
         "\"unknownOutcomes\":%llu,\"falseFailures\":%llu,\"responses\":{\"ok\":%llu,\"replayed\":%llu,"
         "\"conflict\":%llu,\"mismatch\":%llu,\"rejected\":%llu,\"timeout\":{\"slow\":%llu,"
         "\"replyLost\":%llu,\"requestLost\":%llu}},"
         "\"retentionMisses\":%llu,\"peakKeys\":%llu,\"latencyCallP95\":%.2f,\"latencyStepP95\":%.2f}\n",
         (unsigned long long)tally->actions, seconds, (double)usage.ru_maxrss / 1024.0, 1000 * d->mean,
         1000 * fmax(0, d->mean - half), 1000 * (d->mean + half), (unsigned long long)tally->attempts,
         (unsigned long long)tally->toolCalls, (unsigned long long)tally->executions,
         (unsigned long long)tally->byTransport, (unsigned long long)tally->byReplan,
         (unsigned long long)tally->byReplay, (unsigned long long)tally->lostActions,
         (unsigned long long)tally->unknownOutcomes, (unsigned long long)tally->falseFailures,
         (unsigned long long)tally->ok, (unsigned long long)tally->replayed, (unsigned long long)tally->conflict,
         (unsigned long long)tally->mismatch, (unsigned long long)tally->rejected, (unsigned long long)tally->slow,
         (unsigned long long)tally->replyLost, (unsigned long long)tally->requestLost,
         (unsigned long long)tally->retentionMisses, (unsigned long long)sim->store.peakKeys, p95, stepP95);
  return 0;
}
