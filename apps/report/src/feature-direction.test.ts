import { describeFeatureDirection } from '@kyb/testing';

/** The report area's order: reports render with pdf and keep files in storage; recovery sweeps reports. */
describeFeatureDirection('report', __dirname, {
  recovery: ['reports'],
  reports: ['pdf', 'storage'],
  pdf: [],
  storage: [],
});
