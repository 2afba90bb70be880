// Changing a child's own fields (name, date of birth, gender): shared by the profile (which
// addresses the primary child or the one named) and POST /api/vega/children/edit.
import type { ChildRow, FamilyScope } from '../../db/family-scope.ts';
import { AppError } from '../../errors.ts';
import { childNameKey } from '../../domain/children.ts';
import { t } from '../../i18n/text.ts';

export interface ChildPatch {
  baby_name?: string;
  dob?: string;
  gender?: string;
}

export function nameTaken(name: string): AppError {
  return new AppError(409, 'child_name_taken', t('error.child_name_taken', { name }));
}

/** Names are unique within the family ignoring case, so a name always picks one child. */
export function checkNameFree(children: readonly ChildRow[], name: string, except: string | null): void {
  const key = childNameKey(name);
  if (children.some((c) => c.id !== except && childNameKey(c.name) === key)) throw nameTaken(name);
}

/** Writes the patch to the child's row (the caller validated dob against the family's zone). */
export async function updateChild(tx: FamilyScope, children: readonly ChildRow[], child: ChildRow, patch: ChildPatch): Promise<void> {
  const set: Partial<Pick<ChildRow, 'name' | 'name_key' | 'dob' | 'gender'>> = {};
  if (patch.baby_name !== undefined) {
    checkNameFree(children, patch.baby_name, child.id);
    set.name = patch.baby_name;
    set.name_key = childNameKey(patch.baby_name);
  }
  if (patch.dob !== undefined) set.dob = patch.dob;
  if (patch.gender !== undefined) set.gender = patch.gender;
  if (Object.keys(set).length === 0) return;
  await tx.updateTable('children').set(set).where('id', '=', child.id).execute();
}
