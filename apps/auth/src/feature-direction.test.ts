import { describeFeatureDirection } from '@kyb/testing';

/**
 * The auth area's order: sign-in and account set-up stand on sessions, users and customers, which
 * stand on the audit log, passwords and keys; nothing below imports what stands above it.
 */
describeFeatureDirection('auth', __dirname, {
  bootstrap: ['customers', 'passwords', 'users'],
  'account-setup': ['passwords', 'shared', 'sign-in', 'users'],
  'sign-in': ['audit', 'customers', 'email-proofs', 'passwords', 'sessions', 'shared', 'users'],
  sessions: ['audit', 'shared', 'signing-keys', 'users'],
  users: ['audit', 'customers', 'passwords'],
  customers: ['audit', 'data-keys'],
  operators: [],
  audit: [],
  'email-proofs': [],
  passwords: [],
  'data-keys': [],
  'signing-keys': [],
  shared: [],
});
