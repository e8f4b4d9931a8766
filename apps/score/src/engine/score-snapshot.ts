import type { BjlInput, CreditBureauInput, FinancialInputs, PublicRecordInputs, ScoreInputs, WatchlistHitInput } from './score-inputs';

/** Where one input came from: the provider that fetched it and when (ISO 8601). */
export interface InputSource {
  provider: string;
  fetchedAt: string;
}

/** One bankruptcy, lien or judgement as a snapshot keeps it (dates as ISO 8601). */
export interface SnapshotBjlRecord {
  kind: BjlInput['kind'];
  filingDate: string;
  status: string;
  amount: number | null;
  /** The provider's id of the record, where known: alert rules follow a record from one snapshot to the next by it. */
  recordId?: string;
}

/** One sanctions hit as a snapshot keeps it: what a person needs to judge it, nothing of whose name it was. */
export type SnapshotWatchlistHit = WatchlistHitInput;

/**
 * The exact inputs a score was computed from, stored with it (`scores.scores.inputs`), with the
 * provider and fetch time of each, and the facts monitoring compares though the score does not use
 * them. Plain JSON: {@link inputsFromSnapshot} turns it back into the engine's inputs, and every
 * score is computed from what this gives, so a recompute from the snapshot is the same computation.
 */
export interface ScoreSnapshot {
  /** The snapshot's format, for readers of old scores. */
  format: 1;
  /** When the score was computed: recency of records is measured from here. */
  asOf: string;
  publicRecords: PublicRecordInputs | null;
  /** Null when public records were never fetched. */
  bjl: SnapshotBjlRecord[] | null;
  financials: FinancialInputs | null;
  creditBureau: CreditBureauInput | null;
  /** The business's latest verification when the score was computed; null: never verified. */
  verification: { status: 'VERIFIED' | 'UNVERIFIED'; verifiedAt: string } | null;
  /**
   * The business's sanctions hits when the score was computed (OPEN or CONFIRMED, confirmed first),
   * by the integration area's hit id. Only present when it had any: a snapshot without it (every
   * snapshot older than sanctions screening too) had none, and reads and compares as such.
   */
  watchlistHits?: SnapshotWatchlistHit[];
  sources: {
    /** Public records and BJL records (fetched together), with the enrichment task that fetched them. */
    publicRecords: (InputSource & { taskId: string }) | null;
    /** Financial statements and the credit bureau report (one profile). */
    financials: InputSource | null;
  };
  /** What monitoring compares besides the inputs: the secretary of state's filing status (e.g. Active, Dissolved). */
  facts: { filingStatus: string | null };
}

/** The engine's inputs a snapshot holds: the one way every score, first computed or recomputed, gets its inputs. */
export function inputsFromSnapshot(snapshot: ScoreSnapshot): ScoreInputs {
  return {
    asOf: new Date(snapshot.asOf),
    publicRecords: snapshot.publicRecords,
    bjl: snapshot.bjl === null ? null : snapshot.bjl.map((r) => ({ kind: r.kind, filingDate: new Date(r.filingDate), status: r.status, amount: r.amount })),
    financials: snapshot.financials,
    creditBureau: snapshot.creditBureau,
    verification: snapshot.verification === null ? null : { status: snapshot.verification.status, verifiedAt: new Date(snapshot.verification.verifiedAt) },
    // A snapshot without hits (older ones too) had none: the inputs have none either.
    ...(snapshot.watchlistHits === undefined ? {} : { watchlistHits: snapshot.watchlistHits.map((hit) => ({ ...hit })) }),
  };
}
