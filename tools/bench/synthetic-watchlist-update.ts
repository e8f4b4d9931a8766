/*
 * Two versions of the synthetic lists (synthetic-watchlist.ts) for the rescreening row: a first
 * version of both lists, and an update of the SDN list as OFAC publishes one between two of its
 * releases: entries added (1% of the list), entries changed (0.5%: an a.k.a. added) and entries
 * removed (0.5%). The Consolidated list stays as it was.
 */
import type { SyntheticList } from './synthetic-watchlist';
import { syntheticWatchlists } from './synthetic-watchlist';

/** The first version of both lists, the SDN list's update, and what the update changed. */
export interface SyntheticListVersions {
  first: SyntheticList[];
  update: SyntheticList;
  /** Every entry either version has: the people owners may resemble (also those only the update lists). */
  everyEntry: SyntheticList[];
  added: string[];
  changed: string[];
  removed: string[];
}

const ADDED_SHARE = 0.01;
/** Every `CHANGE_EVERY`th entry of the first SDN version is removed, and the one half-way to the next is changed. */
const CHANGE_EVERY = 200;

export function syntheticListVersions(options: { seed: number; entries: number }): SyntheticListVersions {
  const added = Math.max(1, Math.round(options.entries * ADDED_SHARE));
  const [sdn, consolidated] = syntheticWatchlists({ seed: options.seed, entries: options.entries + added });
  const firstSdn = sdn.entries.slice(0, sdn.entries.length - added);
  const newEntries = sdn.entries.slice(sdn.entries.length - added);
  const removed: string[] = [];
  const changed: string[] = [];
  const updated = firstSdn.flatMap((entry, i) => {
    if (i % CHANGE_EVERY === 0) {
      removed.push(entry.uid);
      return [];
    }
    if (i % CHANGE_EVERY === CHANGE_EVERY / 2) {
      changed.push(entry.uid);
      return [{ ...entry, aliases: [...entry.aliases, { id: `${entry.uid}-update`, kind: 'aka' as const, strength: 'strong' as const, name: `${entry.name} GROUP` }] }];
    }
    return [entry];
  });
  return {
    first: [{ ...sdn, version: 'bench-sdn-1', entries: firstSdn }, consolidated],
    update: { ...sdn, version: 'bench-sdn-2', entries: [...updated, ...newEntries] },
    everyEntry: [sdn, consolidated],
    added: newEntries.map((entry) => entry.uid),
    changed,
    removed,
  };
}
