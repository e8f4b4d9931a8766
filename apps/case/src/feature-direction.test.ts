import { describeFeatureDirection } from '@kyb/testing';

/**
 * The case area's order (see the comment at the top of area.ts): onboarding and invitations use
 * applicants, cases, mail and businesses, never each other, and those four use no other feature;
 * decisions (the case policy, its evaluation and the decision round, issue 45) uses cases; review
 * (assigning, comments, information asked of the applicant) uses cases and decisions.
 */
describeFeatureDirection('case', __dirname, {
  onboarding: ['applicants', 'businesses', 'cases'],
  invitations: ['applicants', 'businesses', 'cases', 'mail'],
  applicants: [],
  businesses: [],
  cases: [],
  mail: [],
  recovery: [],
  decisions: ['cases'],
  review: ['cases', 'decisions'],
});
