import type { FaultRule } from './options.ts';

/**
 * Decides which fault, if any, hits each chat request. Rules count the requests received since
 * they were installed, so `{ kind: 'server-error', next: 2 }` means "the next two requests".
 */
export class FaultBook {
  private rules: { rule: FaultRule; base: number }[] = [];
  private received = 0;

  install(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule, base: this.received }));
  }

  /** Counts one chat request and returns the first rule that applies to it. */
  next(): FaultRule | undefined {
    this.received += 1;
    for (const { rule, base } of this.rules) {
      const n = this.received - base;
      if (rule.next !== undefined) {
        if (n <= rule.next) return rule;
      } else if (rule.every !== undefined) {
        if (rule.every > 0 && n % rule.every === 0) return rule;
      } else {
        return rule;
      }
    }
    return undefined;
  }
}
