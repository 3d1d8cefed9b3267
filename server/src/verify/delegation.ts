// The scope of each certificate in a path (RFC 9060, docs/verification.md#delegate-certificates): a certificate's
// TNAuthList must lie within its issuer's when the issuer carries one. What a verifier can check from the
// certificates alone:
// - an issuer that lists numbers and ranges covers exactly those: the child's numbers must be among them
//   (`covers`), and the child may name no SPC the issuer does not;
// - an issuer that names an SPC (an STI-SCA) stands for the numbers its holder has, which no certificate lists:
//   the child must list numbers and ranges only (a delegate certificate), never an SPC, and its numbers are taken
//   on the STI-SCA's word, as its CA checked them against that provider's numbers before issuing;
// - an issuer without a TNAuthList (a CA's intermediate) is not limited to any numbers: the chain to a trusted
//   root is what vouches for its certificates, a SHAKEN certificate's SPC as a directly issued delegate's numbers.
import { type TnAuthEntry, type X509Certificate, covers } from '../ca';
import { type TnEntry, tnAuthList } from './fields';
import type { Check } from './verify';

const toEntry = (e: TnEntry): TnAuthEntry =>
  e.kind === 'spc'
    ? { spc: e.spc }
    : e.kind === 'one'
      ? { one: e.tn }
      : { range: { start: e.start, count: e.count } };

const hasNumbers = (entries: TnEntry[] | null) => !!entries?.some((e) => e.kind !== 'spc');

/** One link: `child` under `parent`, which carries `parentList`. A problem, or what holds. */
function link(
  child: X509Certificate,
  childList: TnEntry[],
  parent: X509Certificate,
  parentList: TnEntry[],
): { ok: boolean; detail: string } {
  const spc = parentList.find((e) => e.kind === 'spc');
  if (spc && spc.kind === 'spc') {
    if (childList.some((e) => e.kind === 'spc'))
      return {
        ok: false,
        detail: `${child.subject} names an SPC under the STI-SCA ${parent.subject}: a certificate an STI-SCA issues lists numbers and ranges only`,
      };
    return { ok: true, detail: `${child.subject} lists numbers only, under the STI-SCA of SPC ${spc.spc}` };
  }
  const c = covers(parentList.map(toEntry), childList.map(toEntry));
  if (c.uncoveredSpcs.length)
    return {
      ok: false,
      detail: `${child.subject} names SPC ${c.uncoveredSpcs.join(', ')}, which the TNAuthList of ${parent.subject} does not`,
    };
  if (!c.covered)
    return {
      ok: false,
      detail: `${child.subject} lists ${c.uncoveredCount} number${c.uncoveredCount === 1 ? '' : 's'} outside the TNAuthList of ${parent.subject}: ${c.uncovered.join(', ')}${c.uncoveredCount > c.uncovered.length ? ', …' : ''}`,
    };
  return { ok: true, detail: `${child.subject} lies within the TNAuthList of ${parent.subject}` };
}

/**
 * The `delegation` check of a validated path (the leaf first, the anchor last), or undefined for a path where no
 * certificate lists numbers and no CA carries a TNAuthList: a SHAKEN certificate's path, whose report stays as it
 * was. The leaf's own TNAuthList, when unreadable, is the profile check's to report.
 */
export function delegationCheck(path: X509Certificate[]): Check | undefined {
  const lists: (TnEntry[] | null)[] = [];
  for (const [i, cert] of path.entries())
    try {
      lists.push(tnAuthList(cert));
    } catch (err) {
      if (i === 0) lists.push(null);
      else
        return {
          name: 'delegation',
          ok: false,
          detail: `the TNAuthList of ${cert.subject} is unreadable: ${(err as Error).message}`,
        };
    }
  if (!lists.some(hasNumbers) && !lists.slice(1).some((l) => l)) return undefined;
  const held: string[] = [];
  for (let k = 0; k + 1 < path.length; k++) {
    const childList = lists[k];
    const parentList = lists[k + 1];
    if (!childList || !parentList) continue;
    try {
      const r = link(path[k], childList, path[k + 1], parentList);
      if (!r.ok) return { name: 'delegation', ...r };
      held.push(r.detail);
    } catch (err) {
      return { name: 'delegation', ok: false, detail: (err as Error).message };
    }
  }
  if (!held.length && hasNumbers(lists[0]) && path.length > 1)
    held.push(
      `${path[0].subject} lists numbers; its issuer ${path[1].subject} carries no TNAuthList, so the chain to a trusted root vouches for them`,
    );
  return { name: 'delegation', ok: true, detail: held.join('; ') || 'no TNAuthList to compare' };
}
