// children rows ↔ the Child the API shows.
import { randomBytes } from 'node:crypto';
import type { ChildRow } from '../../db/family-scope.ts';
import type { FamilyRow } from './family-row.ts';
import { ageSummary, localDateOf } from '../../domain/time.ts';
import { childNameKey } from '../../domain/children.ts';

/** A new child's id: 12 hexadecimal characters, unique within the family. */
export function newChildId(): string {
  return randomBytes(6).toString('hex');
}

/** The stored columns for a child's name, date of birth and gender (the name's key with it). */
export function childFields(c: { name: string; dob: string; gender: string }) {
  return { name: c.name, name_key: childNameKey(c.name), dob: c.dob, gender: c.gender };
}

/** The Child as GET /api/vega/children lists it. */
export function presentChild(c: ChildRow, family: FamilyRow, now: number) {
  return {
    id: c.id,
    baby_name: c.name,
    dob: c.dob,
    gender: c.gender,
    ...ageSummary(c.dob, localDateOf(now, family.timezone)),
    archived: Number(c.archived) === 1,
    primary: c.id === family.primary_child_id,
  };
}
