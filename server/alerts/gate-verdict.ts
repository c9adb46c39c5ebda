/** The alerts' verdict from the gate's own rule language and decision. */
import type { Database } from '../db/database';
import type { AlertVerdict } from './alert-verdict';

const CHECK = /^[a-z][a-z0-9_@.-]*:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?::(?:0?\.[0-9]+))?$/i;

export function gateVerdict(): AlertVerdict {
  return {
    ruleProblem(rule) {
      const checks = rule
        .split(',')
        .map((check) => check.trim())
        .filter(Boolean);
      if (checks.length === 0) return 'body.rule is empty: give one or more metric:max_drop[:alpha], e.g. ndcg@10:0.01:0.05';
      const bad = checks.find((check) => !CHECK.test(check));
      return bad === undefined ? undefined : `body.rule: “${bad}” is not metric:max_drop[:alpha], e.g. ndcg@10:0.01:0.05`;
    },
    async decide(_db: Database) {
      throw new Error('the gate verdict is not available in this build');
    },
  };
}
