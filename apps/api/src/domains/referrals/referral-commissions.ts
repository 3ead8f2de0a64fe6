import { EXAM_LEVELS, formatMoney } from "@repo/contracts/fees";
import type { CommissionRule, CommissionRuleBody } from "@repo/contracts/referrals";
import { COMMISSION_CURRENCY, clashingRule, type RuleRange } from "@repo/contracts/referrals-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";

/**
 * Commission rules (admins): an amount per paid referred student for an exam level and a range of
 * days. Two rules of one level may not share a day; `clashingRule` (contracts, with its property
 * tests) decides, under a lock on the table so that two admins saving at once cannot both pass.
 */

type Raw = Omit<CommissionRule, "updated_at"> & { updated_at: Date | string };
const toRule = (row: Raw): CommissionRule => ({
  ...row,
  id: Number(row.id),
  amount_minor: Number(row.amount_minor),
  currency: row.currency.trim(),
  entries: Number(row.entries),
  updated_at: new Date(row.updated_at).toISOString(),
});

const RULE_COLUMNS = sql`r.id, r.exam_level, r.starts_on::text as starts_on, r.ends_on::text as ends_on, r.amount_minor,
  r.currency, r.updated_at,
  (select count(*) from referral_ledger e where e.rule_id = r.id and e.kind = 'earned')::int as entries`;

/** Every rule, by level and then newest range first. */
export async function listCommissionRules(db: DbOrTx): Promise<CommissionRule[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${RULE_COLUMNS} from referral_commission_rules r order by r.exam_level, r.starts_on desc`,
  );
  return rows.map(toRule);
}

const levelName = (code: string) => EXAM_LEVELS.find((l) => l.code === code)?.name ?? code;
const rangeText = (r: RuleRange) => (r.ends_on ? `${r.starts_on} to ${r.ends_on}` : `from ${r.starts_on} on`);

/**
 * Adds a rule, or changes one (`id`). Entries already made keep the amount they were made with
 * (the ledger copies it), so changing a rule changes only what later payments earn.
 */
export async function storeCommissionRule(
  db: Db,
  actor: Actor,
  body: CommissionRuleBody,
): Promise<{ rule: CommissionRule; created: boolean }> {
  return db.transaction(async (tx) => {
    // One writer at a time: the overlap check and the write must see the same rules.
    await tx.execute(sql`lock table referral_commission_rules in share row exclusive mode`);
    const rules = await listCommissionRules(tx);
    const before = body.id ? rules.find((rule) => rule.id === body.id) : undefined;
    if (body.id && !before) throw notFound("Commission rule");
    const candidate = {
      id: body.id ?? null,
      exam_level: body.exam_level,
      starts_on: body.starts_on,
      ends_on: body.ends_on ?? null,
    };
    const clash = clashingRule(candidate, rules);
    if (clash) {
      const message = `These dates overlap the ${levelName(clash.exam_level)} rule #${clash.id} (${rangeText(clash)}, ${formatMoney({ currency: clash.currency, amount_minor: clash.amount_minor })} per student): end that rule earlier or choose other dates`;
      throw new ApiError(409, message, [{ field: "starts_on", message }]);
    }
    const [saved] = before
      ? await queryRows<{ id: number }>(
          tx,
          sql`update referral_commission_rules set exam_level = ${body.exam_level}, starts_on = ${body.starts_on},
                ends_on = ${body.ends_on ?? null}, amount_minor = ${body.amount_minor}, updated_at = now()
              where id = ${before.id} returning id`,
        )
      : await queryRows<{ id: number }>(
          tx,
          sql`insert into referral_commission_rules (exam_level, starts_on, ends_on, amount_minor, currency, created_by)
              values (${body.exam_level}, ${body.starts_on}, ${body.ends_on ?? null}, ${body.amount_minor},
                ${COMMISSION_CURRENCY}, ${actor.userId})
              returning id`,
        );
    if (!saved) throw new Error("the rule was not saved");
    const [rule] = await queryRows<Raw>(
      tx,
      sql`select ${RULE_COLUMNS} from referral_commission_rules r where r.id = ${saved.id}`,
    );
    if (!rule) throw new Error("the rule was not saved");
    const after = toRule(rule);
    await recordActivity(tx, {
      userId: actor.userId,
      action: before ? "referral-rule.update" : "referral-rule.create",
      entity: "referral_commission_rules",
      entityId: after.id,
      before: before ?? null,
      after,
      requestId: actor.requestId,
    });
    return { rule: after, created: !before };
  });
}
