import { summariseBjl, type BjlEntry } from '@kyb/area-views';
import type { BjlKind } from '../providers/public-records.provider';

/** A fact of contract 2.9; `source.confidence` and `source.platformId` are literal keys. */
export interface Fact {
  name: string;
  value: unknown;
  description?: string;
  'source.confidence'?: number;
  'source.platformId'?: number;
  /** How the value was chosen among the sources (published on the parent facts that have a value). */
  ruleApplied?: RuleApplied;
  alternatives: unknown[];
  dependencies?: string[];
}

/** The rule a fact's value was chosen by, as the published E11 body names it. */
export interface RuleApplied {
  name: string;
  description: string;
}

/** With one source per fact today, its fact is the one of highest confidence; the published rule says so. */
export const FACT_WITH_HIGHEST_CONFIDENCE: RuleApplied = {
  name: 'factWithHighestConfidence',
  description: 'Get the fact with the highest confidence and weight if the same confidence',
};

/** The six facts of E11. */
export interface BjlFacts {
  bankruptcies: Fact;
  judgements: Fact;
  liens: Fact;
  num_bankruptcies: Fact;
  num_judgements: Fact;
  num_liens: Fact;
}

const DESCRIPTIONS = {
  bankruptcies: 'Bankruptcies associated to this business',
  judgements: 'Judgements associated to this business',
  liens: 'Liens associated to this business',
} as const;

type Parent = keyof typeof DESCRIPTIONS;
const KIND_OF: Record<Parent, BjlKind> = { bankruptcies: 'BANKRUPTCY', judgements: 'JUDGEMENT', liens: 'LIEN' };

function valueOf(parent: Parent, records: BjlEntry[]): Record<string, unknown> {
  const summary = summariseBjl(records, KIND_OF[parent]);
  const base = { count: summary.count, most_recent: summary.mostRecent?.toISOString() ?? null, most_recent_status: summary.mostRecentStatus };
  if (parent === 'bankruptcies') return base;
  const withAmount = { ...base, most_recent_amount: summary.mostRecentAmount };
  return parent === 'judgements' ? withAmount : { ...withAmount, total_open_lien_amount: summary.totalOpenAmount };
}

function parentFact(parent: Parent, source: { platformId: number } | null, records: BjlEntry[]): Fact {
  if (!source) return { name: parent, value: null, alternatives: [] };
  return {
    name: parent,
    value: valueOf(parent, records),
    description: DESCRIPTIONS[parent],
    'source.confidence': 1,
    'source.platformId': source.platformId,
    ruleApplied: { ...FACT_WITH_HIGHEST_CONFIDENCE },
    alternatives: [],
  };
}

function countFact(parent: Fact): Fact {
  const value = parent.value as { count: number } | null;
  return { name: `num_${parent.name}`, value: value ? value.count : null, dependencies: [parent.name], alternatives: [] };
}

/**
 * The BJL facts of a business. With a null `source` every value is null (unknown), as the
 * contract's sample shows for a fact without data (E11 itself answers 202, as E1 does, until the
 * records were fetched once). The `num_*` facts are derived from their parent facts' counts.
 */
export function buildBjlFacts(source: { platformId: number } | null, records: BjlEntry[]): BjlFacts {
  const bankruptcies = parentFact('bankruptcies', source, records);
  const judgements = parentFact('judgements', source, records);
  const liens = parentFact('liens', source, records);
  return {
    bankruptcies,
    judgements,
    liens,
    num_bankruptcies: countFact(bankruptcies),
    num_judgements: countFact(judgements),
    num_liens: countFact(liens),
  };
}
