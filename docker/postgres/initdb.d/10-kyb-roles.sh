#!/bin/sh
# Creates the suite's database and its two roles. The official postgres image runs this once, when
# the data directory is first initialised (/docker-entrypoint-initdb.d), as the superuser.
#
#   kyb_owner  LOGIN; owns the database `onboarding`, so it can create the area schemas. Only the
#              migrate service connects as it (KYB_OWNER_DB_PASSWORD).
#   kyb_app    LOGIN; may connect to `onboarding` and nothing else: no DDL (no CREATE on the
#              database or on public). `migrate` with DB_APP_ROLE=kyb_app grants it DML on every
#              area schema; the APIs and workers connect as it (KYB_APP_DB_PASSWORD).
#
# Passwords come from the environment and reach psql as variables, quoted by format(%L).
set -eu

: "${KYB_OWNER_DB_PASSWORD:?set KYB_OWNER_DB_PASSWORD}"
: "${KYB_APP_DB_PASSWORD:?set KYB_APP_DB_PASSWORD}"

psql -v ON_ERROR_STOP=1 --no-psqlrc \
  --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-${POSTGRES_USER:-postgres}}" \
  --set owner_password="$KYB_OWNER_DB_PASSWORD" \
  --set app_password="$KYB_APP_DB_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE kyb_owner LOGIN PASSWORD %L NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', :'owner_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kyb_owner')
\gexec
SELECT format('CREATE ROLE kyb_app LOGIN PASSWORD %L NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', :'app_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kyb_app')
\gexec
SELECT 'CREATE DATABASE onboarding OWNER kyb_owner'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'onboarding')
\gexec
ALTER DATABASE onboarding OWNER TO kyb_owner;
REVOKE ALL ON DATABASE onboarding FROM PUBLIC;
GRANT CONNECT ON DATABASE onboarding TO kyb_app;

\connect onboarding
-- PostgreSQL 15 already keeps PUBLIC from creating in public; say so anyway.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
