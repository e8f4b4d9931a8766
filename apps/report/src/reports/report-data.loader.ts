import {
  createAlertDirectory,
  createBusinessDirectory,
  createCaseDecisionDirectory,
  createIntegrationDirectory,
  createMatchScreeningDirectory,
  createScoreDirectory,
  createVerificationDirectory,
  createWatchlistHitDirectory,
  summariseBjl,
  type AlertDirectory,
  type BjlEntry,
  type BusinessDirectory,
  type CaseDecisionDirectory,
  type FactorUnit,
  type IntegrationDirectory,
  type MatchScreeningDirectory,
  type ScoreDirectory,
  type ScoreEntry,
  type VerificationDirectory,
  type WatchlistHitDirectory,
} from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import type { ReportData, ReportFact, ReportFacts, ReportPublicRecords, ReportScore } from '../pdf/report-data';
import { reportDecision } from './report-decision.loader';
import { reportMatch } from './report-match.loader';
import { reportSanctions } from './report-sanctions.loader';
import { loadVerificationAndClassification } from './report-verification.loader';
import { scoreChange } from './score-change';
import { ReportBusinessGoneError } from './reports.errors';

/** Monitoring alerts a report lists at most (open and acknowledged first, newest first). */
const REPORT_ALERTS = 10;

function fact(records: BjlEntry[], kind: BjlEntry['kind']): ReportFact & { totalOpenAmount: number } {
  const summary = summariseBjl(records, kind);
  return { ...summary, mostRecent: summary.mostRecent?.toISOString() ?? null };
}

/** The BJL facts of E11, summarised as the integration area does. */
function facts(records: BjlEntry[]): ReportFacts {
  return { bankruptcies: fact(records, 'BANKRUPTCY'), liens: fact(records, 'LIEN'), judgements: fact(records, 'JUDGEMENT') };
}

function score(entry: ScoreEntry, previous: ScoreEntry | undefined, units: ReadonlyMap<string, FactorUnit>): ReportScore {
  return {
    id: entry.id,
    weightedScore850: entry.weightedScore850,
    weightedScore100: entry.weightedScore100,
    riskLevel: entry.riskLevel,
    decision: entry.decision,
    version: entry.version,
    configId: entry.weightageConfigId,
    generatedAt: entry.createdAt,
    categories: entry.distribution.map((c) => ({ code: c.code, label: c.label, weight: c.total_weightage, score100: c.factors.some((f) => f.status === 'SUCCESS') ? Number(c.score_100) : null })),
    factors: entry.distribution.flatMap((c) =>
      c.factors.map((f) => ({
        categoryCode: c.code,
        code: f.code,
        label: f.label,
        value: f.status === 'SUCCESS' ? f.value : null,
        score100: f.status === 'SUCCESS' ? f.score_100 : null,
        weight: f.weightage,
        status: f.status,
        valueKind: units.get(f.code)?.kind ?? null,
        unit: units.get(f.code)?.text ?? null,
      })),
    ),
    change: previous ? scoreChange(entry, previous) : null,
    reasonCodes: entry.reasonCodes.map((r) => ({ code: r.code, reason: r.reason, pointsLost850: r.points_lost_850 })),
  };
}

/** The score a report compares with (the previous month's), and what each factor of the score's config measures. */
async function previousAndUnits(scores: ScoreDirectory, latest: ScoreEntry): Promise<[ScoreEntry | undefined, Map<string, FactorUnit>]> {
  return Promise.all([scores.latestSuccessfulBefore(latest.businessId, latest.year, latest.month), scores.factorUnits(latest.weightageConfigId)]);
}

/**
 * What the report is read from: the case (businesses, cases' decisions), integration (records,
 * verification, classification, sanctions hits, MATCH screenings) and score areas' views.
 */
export interface ReportSources {
  businesses: BusinessDirectory;
  integration: IntegrationDirectory;
  verification: VerificationDirectory;
  scores: ScoreDirectory;
  alerts: AlertDirectory;
  watchlist: Pick<WatchlistHitDirectory, 'hitsOf'>;
  match: Pick<MatchScreeningDirectory, 'newest'>;
  cases: Pick<CaseDecisionDirectory, 'newest'>;
}

/** The report's sources on `db`: each area's published views (`businesses` when the caller shares one). */
export function createReportSources(db: Knex, businesses: BusinessDirectory = createBusinessDirectory(db)): ReportSources {
  return {
    businesses,
    integration: createIntegrationDirectory(db),
    verification: createVerificationDirectory(db),
    scores: createScoreDirectory(db),
    alerts: createAlertDirectory(db),
    watchlist: createWatchlistHitDirectory(db),
    match: createMatchScreeningDirectory(db),
    cases: createCaseDecisionDirectory(db),
  };
}

/** Everything the 360 report shows, read through the case, integration and score areas' views (each for the business's own tenant where a view holds several). */
export async function loadReportData(
  sources: ReportSources,
  report: { id: string; businessId: string },
  generatedAt: Date,
): Promise<ReportData> {
  const business = await sources.businesses.find(report.businessId);
  if (!business) throw new ReportBusinessGoneError();
  const [owners, records, bjl, latestScore, checked, alerts, hits, match, kase] = await Promise.all([
    sources.businesses.owners(business.id),
    sources.integration.publicRecords(business.id),
    sources.integration.bjlRecords(business.id),
    sources.scores.latestSuccessful(business.id),
    loadVerificationAndClassification(sources.verification, business),
    sources.alerts.ofBusiness(business.id, REPORT_ALERTS),
    sources.watchlist.hitsOf(business.id),
    sources.match.newest(business.customerId, business.id),
    sources.cases.newest(business.customerId, business.id),
  ]);
  const s = records?.summary;
  const publicRecords: ReportPublicRecords | null = s
    ? {
        numberOfLiens: Number(s.number_of_business_liens),
        mostRecentLienStatus: s.most_recent_business_lien_status,
        numberOfBankruptcies: Number(s.number_of_bankruptcies),
        numberOfJudgements: Number(s.number_of_judgement_fillings),
        corporateFilingName: s.corporate_filing_business_name,
        corporateFilingDate: s.corporate_filing_filling_date,
        incorporationState: s.corporate_filing_incorporation_state,
        corporationType: s.corporate_filing_corporation_type,
        secretaryOfStateStatus: s.corporate_filing_secretary_of_state_status,
        averageRating: s.average_rating,
        reviews: s.reviews,
        complaintCount: s.compalint_statistics.count_of_complaints_all_time,
        numberOfEmployees: s.additional_records.number_of_employees,
        fetchedAt: records.updatedAt,
      }
    : null;
  const address = [business.addressLine1, business.addressLine2, business.addressCity, business.addressState, business.addressPostalCode, business.addressCountry]
    .filter((part) => part)
    .join(', ');
  return {
    reportId: report.id,
    generatedAt,
    business: {
      id: business.id,
      name: business.name,
      tin: business.tinMasked,
      externalId: business.externalId,
      mobile: business.mobile,
      officialWebsite: business.officialWebsite,
      address: address || null,
      createdAt: business.createdAt,
    },
    verification: checked.verification,
    classification: checked.classification,
    owners: owners.map((o) => ({
      firstName: o.firstName,
      lastName: o.lastName,
      ownerType: o.ownerType,
      ownershipPercentage: o.ownershipPercentage,
      ssn: o.ssnMasked,
      city: o.city,
      state: o.state,
    })),
    publicRecords,
    facts: records ? facts(bjl) : null,
    score: latestScore ? score(latestScore, ...(await previousAndUnits(sources.scores, latestScore))) : null,
    alerts: alerts.map((a) => ({ rule: a.rule, severity: a.severity, status: a.status, title: a.title, summary: a.summary, createdAt: a.createdAt })),
    sanctions: reportSanctions(hits, business, owners),
    match: reportMatch(match),
    decision: reportDecision(kase),
  };
}
