/**
 * Ranks and award cut-offs (issue 15, docs/domain.md, Exams, scoring and awards): dense ranks by a declared tie-break chain,
 * reproducible byte for byte, and winners with every tie at the cut-off included and marked. Pure.
 */
import type { SheetScore } from "./scoring";

/**
 * One step of a tie-break chain. Every step turns into a number where more is better, so that
 * entries compare as arrays.
 */
export type TieBreak = { by: "total" } | { by: "section"; label: string } | { by: "fewerWrong" };

/** Level 1: total, then Section A, then fewer wrong answers (less guessing). Equal on all three: a tie. */
export const LEVEL1_TIE_BREAKS: readonly TieBreak[] = [
  { by: "total" },
  { by: "section", label: "A" },
  { by: "fewerWrong" },
];

/**
 * The numbers a score is ranked by, in the chain's order. "Fewer wrong answers" counts only the
 * sections that counted (decision 059): a section left out of the total is left out of the rank.
 */
export function rankKeys(score: SheetScore, chain: readonly TieBreak[]): number[] {
  return chain.map((step) => {
    if (step.by === "total") return score.total;
    if (step.by === "section") return score.sections.find((s) => s.label === step.label)?.marks ?? 0;
    return -score.sections.reduce((sum, s) => sum + (s.counted ? s.wrong : 0), 0);
  });
}

export interface RankEntry {
  /** What identifies the sheet in the output (the roll number): it orders ties, never ranks them. */
  id: string;
  keys: readonly number[];
}

export interface Ranked extends RankEntry {
  rank: number;
}

/** Bigger keys first, then ids in code-point order (a tie's listing order, not its rank). */
function compare(a: RankEntry, b: RankEntry): number {
  const length = Math.max(a.keys.length, b.keys.length);
  for (let i = 0; i < length; i++) {
    const difference = (b.keys[i] ?? 0) - (a.keys[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const sameKeys = (a: RankEntry, b: RankEntry) =>
  a.keys.length === b.keys.length && a.keys.every((key, i) => key === b.keys[i]);

/**
 * Dense ranks: 1 for the best keys, the next distinct keys 2, and so on; equal keys share a rank.
 * The same entries in any order give the same ranks and the same listing.
 */
export function denseRank(entries: readonly RankEntry[]): Ranked[] {
  const sorted = [...entries].sort(compare);
  const ranked: Ranked[] = [];
  for (const [index, entry] of sorted.entries()) {
    const previous = ranked[index - 1];
    const rank = !previous ? 1 : sameKeys(previous, entry) ? previous.rank : previous.rank + 1;
    ranked.push({ ...entry, rank });
  }
  return ranked;
}

/** Dense ranks inside each group (a school, a district, a state … of one class). */
export function rankWithin<T extends RankEntry>(
  entries: readonly T[],
  groupOf: (entry: T) => string,
): Map<string, Ranked[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = groupOf(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return new Map([...groups].map(([key, members]) => [key, denseRank(members)]));
}

export interface Winner extends Ranked {
  /** In the tie at the last place, when that tie takes the winners beyond the places. */
  tieAtCutoff: boolean;
}

/**
 * The top `places` of a ranked group: everyone in the first `places` positions and everyone who
 * ties with the last of them; the whole tie at the cut-off is marked when it takes more than the
 * places (a camp with 20 places can see it took 22, and why).
 */
export function winners(ranked: readonly Ranked[], places: number): Winner[] {
  const last = ranked[Math.min(places, ranked.length) - 1];
  if (!last || places <= 0) return [];
  const inside = ranked.filter((entry) => entry.rank <= last.rank);
  const over = inside.length > places;
  return inside.map((entry) => ({ ...entry, tieAtCutoff: over && entry.rank === last.rank }));
}

/** Each key of a chain fits in 21 bits once offset: hundredths of a mark within ±10,485 marks. */
const KEY_BITS = 21n;
const KEY_OFFSET = 1n << (KEY_BITS - 1n);
export const MAX_CHAIN = 3;

/**
 * A chain's keys packed into one integer that sorts exactly like the keys compared in order,
 * bigger first: the database ranks a million sheets by one bigint far faster than by an array.
 */
export function packRankKey(keys: readonly number[]): bigint {
  if (keys.length > MAX_CHAIN) throw new Error(`A tie-break chain has at most ${MAX_CHAIN} keys`);
  let packed = 0n;
  for (let i = 0; i < MAX_CHAIN; i++) {
    const key = BigInt(keys[i] ?? 0);
    if (key <= -KEY_OFFSET || key >= KEY_OFFSET) throw new Error(`Rank key ${key} is out of range`);
    packed = (packed << KEY_BITS) | (key + KEY_OFFSET);
  }
  return packed;
}

/** Where a sheet stands in its group, as `groupRanker` leaves it after each sheet. */
export interface GroupStanding {
  /** Dense rank, as `denseRank` gives it. */
  rank: number;
  /** 1 + how many sheets of the group are strictly better (the award cut-offs' count). */
  position: number;
}

/**
 * Dense ranks and positions inside many groups in one pass, for sheets fed best first: every
 * sheet comes after all sheets of its group whose key is bigger, and sheets of equal key come one
 * after another (one sort of a level's sheets by class and packed key serves every grouping).
 * Equal keys (compared with ===) share a rank and a position. Each call answers for the sheet just
 * fed; the returned object is reused, so read it before the next call.
 */
export function groupRanker<Group, Key>(): (group: Group, key: Key) => Readonly<GroupStanding> {
  const groups = new Map<Group, GroupStanding & { key: Key; count: number }>();
  return (group, key) => {
    const standing = groups.get(group);
    if (!standing) {
      const first = { key, count: 1, rank: 1, position: 1 };
      groups.set(group, first);
      return first;
    }
    standing.count += 1;
    if (standing.key !== key) {
      standing.key = key;
      standing.rank += 1;
      standing.position = standing.count;
    }
    return standing;
  };
}
