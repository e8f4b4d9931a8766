import type { Knex } from 'knex';
import type { Migration } from '@kyb/db';

/**
 * `auth.append_audit_events`: appends a batch of entries (one element per entry in each array, in
 * the order given) in one round trip, for the relay of the areas' audit outboxes (ADR 0026). Each
 * entry gets what `auth.append_audit_event` would give it: the chain's advisory lock (taken the
 * first time the batch names the chain, so chains are locked in the order they first appear), the
 * next number and sha256(prev_hash || ':' || seq || ':' || content_hash). A chain's last entry is read
 * once, after its lock; the batch's own entries of it follow from there.
 */
export const auditEventBatches: Migration = {
  name: '20261127_0014_audit_event_batches',
  async up(db: Knex) {
    await db.raw(`create function auth.append_audit_events(
        p_chains text[], p_customer_ids uuid[], p_actor_ids uuid[], p_actor_roles text[], p_actions text[], p_target_types text[],
        p_target_ids text[], p_request_ids text[], p_client_addresses text[], p_details jsonb[], p_occurred_ats timestamptz[], p_content_hashes text[])
      returns integer language plpgsql as $$
      declare
        n integer := coalesce(cardinality(p_chains), 0);
        heads jsonb := '{}';
        head jsonb;
        last_seq bigint;
        last_hash text;
        seqs bigint[] := '{}';
        prev_hashes text[] := '{}';
        hashes text[] := '{}';
      begin
        if n = 0 then
          return 0;
        end if;
        if exists (select 1 from unnest(array[cardinality(p_customer_ids), cardinality(p_actor_ids), cardinality(p_actor_roles),
              cardinality(p_actions), cardinality(p_target_types), cardinality(p_target_ids), cardinality(p_request_ids),
              cardinality(p_client_addresses), cardinality(p_details), cardinality(p_occurred_ats), cardinality(p_content_hashes)]) as c
            where c is distinct from n)
          or array_position(p_chains, null) is not null or array_position(p_content_hashes, null) is not null then
          raise exception 'append_audit_events: every array must hold one element per entry, chains and content hashes never null'
            using errcode = '22023';
        end if;
        for i in 1 .. n loop
          -- heads: each chain's newest entry so far ([seq, hash]), read from the table once, under its lock.
          head := heads -> p_chains[i];
          if head is null then
            perform pg_advisory_xact_lock(hashtextextended('audit:' || p_chains[i], 0));
            select seq, hash into last_seq, last_hash from auth.audit_events where chain = p_chains[i] order by seq desc limit 1;
            last_seq := coalesce(last_seq, 0);
            last_hash := coalesce(last_hash, repeat('0', 64));
          else
            last_seq := (head ->> 0)::bigint;
            last_hash := head ->> 1;
          end if;
          seqs := array_append(seqs, last_seq + 1);
          prev_hashes := array_append(prev_hashes, last_hash);
          hashes := array_append(hashes, encode(sha256(convert_to(last_hash || ':' || (last_seq + 1) || ':' || p_content_hashes[i], 'UTF8')), 'hex'));
          heads := heads || jsonb_build_object(p_chains[i], jsonb_build_array(last_seq + 1, hashes[i]));
        end loop;
        insert into auth.audit_events (chain, seq, customer_id, actor_id, actor_role, action, target_type, target_id,
            request_id, client_address, details, occurred_at, prev_hash, hash)
          select * from unnest(p_chains, seqs, p_customer_ids, p_actor_ids, p_actor_roles, p_actions, p_target_types, p_target_ids,
            p_request_ids, p_client_addresses, p_details, p_occurred_ats, prev_hashes, hashes);
        return n;
      end $$`);
  },
  async down(db: Knex) {
    await db.raw('drop function if exists auth.append_audit_events');
  },
};
