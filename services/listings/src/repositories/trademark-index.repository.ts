import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TrademarkIndexEntry } from '../trademarks/index-entry.js';
import { toDenylistEntry, type DenylistEntry, type DenylistOrigin, type RiskLevel } from './risk-denylist.repository.js';

export type MatchKind = 'exact' | 'pseudo' | 'phonetic' | 'typo' | 'trigram';

/** One index row a query term hit, and how. `term` is the text's normalised words that matched. */
export interface IndexMatch {
  kind: MatchKind;
  term: string;
  serial: string;
  mark: string;
  norm: string;
  tokenCount: number;
  classes: string[];
}

/** What the matcher asks the index: each list pairs a lookup value with the text's words it came from. */
export interface IndexQuery {
  exact: string[];
  phonetic: { key: string; term: string }[];
  typo: { variant: string; term: string }[];
  trigram: { term: string; tokenCount: number }[];
  /** pg_trgm similarity a phrase needs (0.6). */
  similarity: number;
}

interface MatchRow {
  kind: MatchKind;
  term: string;
  serial: string;
  mark: string;
  norm: string;
  token_count: number;
  classes: string[];
}

export function toIndexMatch(row: MatchRow): IndexMatch {
  return {
    kind: row.kind,
    term: row.term,
    serial: row.serial,
    mark: row.mark,
    norm: row.norm,
    tokenCount: row.token_count,
    classes: row.classes,
  };
}

export interface TrademarkIndexRow {
  serial: string;
  mark: string;
  pseudoMark: string | null;
  norm: string;
  classes: string[];
  statusCode: string;
  phonetic: string;
}

/**
 * A phonetic key or phrase shared by very many marks would flood the answer: each term keeps its 20
 * most similar marks (the assessor then drops phonetic ones not spelled alike), each kind 500 rows.
 */
const MAX_ROWS_PER_TERM = 20;
const MAX_ROWS_PER_KIND = 500;

const MATCH_COLUMNS = 't.serial, t.mark, t.norm, t.token_count, t.classes';

/** The USPTO trademark index: the importer's upserts and removals, and the risk check's lookups. */
@Injectable()
export class TrademarkIndexRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts or updates marks by serial. A row whose fields are all unchanged is not written at all,
   * so importing the same file twice changes nothing (not even `updated_at`). Returns rows written.
   */
  async upsertEntries(entries: readonly TrademarkIndexEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO listings.trademarks AS t (serial, mark, pseudo_mark, norm, pseudo_norm, token_count, distinctive, classes, status_code,
                                          phonetic_keys, phonetic, filing_date, registration_date)
       SELECT e.serial, e.mark, e.pseudo_mark, e.norm, e.pseudo_norm, e.token_count, e.distinctive,
              ARRAY(SELECT jsonb_array_elements_text(e.classes)), e.status_code,
              ARRAY(SELECT jsonb_array_elements_text(e.phonetic_keys)),
              (SELECT string_agg(k, ' ') FROM jsonb_array_elements_text(e.phonetic_keys) WITH ORDINALITY AS p(k, n)), e.filing_date, e.registration_date
         FROM jsonb_to_recordset($1::jsonb) AS e(serial text, mark text, pseudo_mark text, norm text, pseudo_norm text,
              token_count smallint, distinctive boolean, classes jsonb, status_code text, phonetic_keys jsonb, filing_date date, registration_date date)
       ON CONFLICT (serial) DO UPDATE SET
         mark = EXCLUDED.mark, pseudo_mark = EXCLUDED.pseudo_mark, norm = EXCLUDED.norm, pseudo_norm = EXCLUDED.pseudo_norm,
         token_count = EXCLUDED.token_count, distinctive = EXCLUDED.distinctive, classes = EXCLUDED.classes, status_code = EXCLUDED.status_code,
         phonetic_keys = EXCLUDED.phonetic_keys, phonetic = EXCLUDED.phonetic, filing_date = EXCLUDED.filing_date,
         registration_date = EXCLUDED.registration_date, updated_at = now()
       WHERE (t.mark, t.pseudo_mark, t.norm, t.pseudo_norm, t.token_count, t.distinctive, t.classes, t.status_code, t.phonetic_keys,
              t.filing_date, t.registration_date)
             IS DISTINCT FROM
             (EXCLUDED.mark, EXCLUDED.pseudo_mark, EXCLUDED.norm, EXCLUDED.pseudo_norm, EXCLUDED.token_count, EXCLUDED.distinctive, EXCLUDED.classes,
              EXCLUDED.status_code, EXCLUDED.phonetic_keys, EXCLUDED.filing_date, EXCLUDED.registration_date)
       RETURNING serial`,
      [
        JSON.stringify(
          entries.map((entry) => ({
            serial: entry.serial,
            mark: entry.mark,
            pseudo_mark: entry.pseudoMark,
            norm: entry.norm,
            pseudo_norm: entry.pseudoNorm,
            token_count: entry.tokenCount,
            distinctive: entry.distinctive,
            classes: entry.classes,
            status_code: entry.statusCode,
            phonetic_keys: entry.phoneticKeys,
            filing_date: entry.filingDate,
            registration_date: entry.registrationDate,
          })),
        ),
      ],
    );
    return rows.length;
  }

  /** Takes out marks that died, left our classes or became design-only. Returns rows removed. */
  async removeSerials(serials: readonly string[]): Promise<number> {
    if (serials.length === 0) return 0;
    const [row] = (await this.dataSource.query(
      `WITH gone AS (DELETE FROM listings.trademarks WHERE serial = ANY($1::text[]) RETURNING serial) SELECT count(*)::int AS count FROM gone`,
      [serials],
    )) as { count: number }[];
    return row.count;
  }

  async count(): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM listings.trademarks`)) as { count: number }[];
    return row.count;
  }

  /** Every row, in serial order (tests and small indexes only). */
  async listAll(): Promise<(TrademarkIndexRow & { updatedAt: Date })[]> {
    const rows: {
      serial: string;
      mark: string;
      pseudo_mark: string | null;
      norm: string;
      classes: string[];
      status_code: string;
      phonetic: string;
      updated_at: Date;
    }[] = await this.dataSource.query(
      `SELECT serial, mark, pseudo_mark, norm, classes, status_code, phonetic, updated_at FROM listings.trademarks ORDER BY serial`,
    );
    return rows.map((row) => ({
      serial: row.serial,
      mark: row.mark,
      pseudoMark: row.pseudo_mark,
      norm: row.norm,
      classes: row.classes,
      statusCode: row.status_code,
      phonetic: row.phonetic,
      updatedAt: row.updated_at,
    }));
  }

  /**
   * Everything a text's risk check needs, in one statement (one round trip): every index row one of
   * the text's terms hits — exact normal form, exact pseudo-mark, phonetic run, one-typo variant of a
   * short word (single-word marks only), trigram similarity of a phrase against marks with as many
   * words — and the denylist rows that apply to `userId` (shared ones and the seller's own). A single
   * everyday word registered alone is never returned; near matches only return distinctive marks.
   * Trigram matches use the GIN index through `%`, whose threshold is `pg_trgm.similarity_threshold`:
   * set to the query's similarity for this transaction only (`set_config(…, true)`, with JIT off, see
   * TRADEMARK_DATABASE_SETTINGS), since PgBouncer in transaction mode passes no session settings and
   * hands the next transaction another server connection; `similarity() >=` states the rule itself.
   */
  async findMatches(query: IndexQuery, userId: string): Promise<{ matches: IndexMatch[]; denylist: DenylistEntry[] }> {
    const rows: (MatchRow & {
      id: string | null;
      origin: DenylistOrigin | null;
      user_id: string | null;
      level: RiskLevel | null;
      created_at: Date | null;
    })[] = await this.dataSource.transaction(async (transaction) => {
      await transaction.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true), set_config('jit', 'off', true)`, [
        String(query.similarity),
      ]);
      return transaction.query(
        `WITH hits AS (
           (SELECT 'exact' AS kind, q.term, ${MATCH_COLUMNS}
              FROM unnest($1::text[]) AS q(term) JOIN listings.trademarks t ON t.norm = q.term AND (t.distinctive OR t.token_count > 1) LIMIT ${MAX_ROWS_PER_KIND})
           UNION ALL
           (SELECT 'pseudo', q.term, ${MATCH_COLUMNS}
              FROM unnest($1::text[]) AS q(term) JOIN listings.trademarks t ON t.pseudo_norm = q.term AND t.pseudo_norm IS NOT NULL LIMIT ${MAX_ROWS_PER_KIND})
           UNION ALL
           (SELECT 'phonetic', q.term, m.serial, m.mark, m.norm, m.token_count, m.classes
              FROM unnest($2::text[], $3::text[]) AS q(key, term)
              CROSS JOIN LATERAL (
                SELECT ${MATCH_COLUMNS} FROM listings.trademarks t
                 WHERE t.phonetic = q.key AND t.distinctive
                 ORDER BY similarity(t.norm, q.term) DESC, t.serial
                 LIMIT ${MAX_ROWS_PER_TERM}
              ) m LIMIT ${MAX_ROWS_PER_KIND})
           UNION ALL
           (SELECT 'typo', q.term, ${MATCH_COLUMNS}
              FROM (SELECT DISTINCT ON (v.variant) v.variant, v.term FROM unnest($4::text[], $5::text[]) AS v(variant, term)) q
              JOIN listings.trademarks t ON t.norm = q.variant AND t.token_count = 1 AND t.distinctive LIMIT ${MAX_ROWS_PER_KIND})
           UNION ALL
           (SELECT 'trigram', q.term, m.serial, m.mark, m.norm, m.token_count, m.classes
              FROM unnest($6::text[], $7::int[]) AS q(term, token_count)
              CROSS JOIN LATERAL (
                SELECT ${MATCH_COLUMNS} FROM listings.trademarks t
                 WHERE t.norm % q.term AND t.distinctive AND t.token_count = q.token_count AND similarity(t.norm, q.term) >= $8::real
                 ORDER BY similarity(t.norm, q.term) DESC, t.serial
                 LIMIT ${MAX_ROWS_PER_TERM}
              ) m LIMIT ${MAX_ROWS_PER_KIND})
         )
         SELECT h.*, NULL::uuid AS id, NULL AS origin, NULL::uuid AS user_id, NULL AS level, NULL::timestamptz AS created_at FROM hits h
         UNION ALL
         SELECT 'denylist', NULL, NULL, d.phrase, d.norm, NULL, d.classes, d.id, d.origin, d.user_id, d.level, d.created_at
           FROM listings.risk_denylist d WHERE d.user_id IS NULL OR d.user_id = $9::uuid`,
        [
          query.exact,
          query.phonetic.map((item) => item.key),
          query.phonetic.map((item) => item.term),
          query.typo.map((item) => item.variant),
          query.typo.map((item) => item.term),
          query.trigram.map((item) => item.term),
          query.trigram.map((item) => item.tokenCount),
          query.similarity,
          userId,
        ],
      );
    });
    const matches: IndexMatch[] = [];
    const denylist: DenylistEntry[] = [];
    for (const row of rows) {
      if (row.kind === ('denylist' as MatchKind))
        denylist.push(
          toDenylistEntry({
            id: row.id!,
            origin: row.origin!,
            user_id: row.user_id,
            phrase: row.mark,
            norm: row.norm,
            level: row.level!,
            classes: row.classes,
            created_at: row.created_at!,
          }),
        );
      else matches.push(toIndexMatch(row));
    }
    return { matches, denylist };
  }
}
