// Saved recipes: a named ingredient list that can be logged as one solid meal.
import type { Ctx } from '../context.ts';
import { scopeOf } from '../context.ts';
import type { Actor } from '../actor.ts';
import type { FamilyScope } from '../../db/family-scope.ts';
import type { Recipe } from '../../domain/foods.ts';
import { unknownFoods } from '../../domain/foods.ts';
import { isUniqueViolation } from '../context.ts';

export async function listRecipes(scope: FamilyScope): Promise<Recipe[]> {
  const rows = await scope.selectFrom('recipes').select(['name', 'ingredients']).orderBy('name_key').execute();
  return rows.map((r) => ({ name: r.name, ingredients: JSON.parse(r.ingredients) as string[] }));
}

/** Saves a recipe; saving one with an existing name (any case) replaces its ingredients. */
export async function saveRecipe(ctx: Ctx, actor: Actor, name: string, ingredients: string[]) {
  const scope = scopeOf(ctx, actor);
  const clean = [...new Map(ingredients.map((i) => i.trim().replace(/\s+/g, ' ')).filter(Boolean).map((i) => [i.toLowerCase(), i])).values()];
  const nameKey = name.trim().toLowerCase();
  const values = { name: name.trim(), ingredients: JSON.stringify(clean), created_at: ctx.clock() };
  await scope.transaction(async (tx) => {
    const updated = await tx.updateTable('recipes').set(values).where('name_key', '=', nameKey).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    try {
      await tx.insertInto('recipes', { ...values, name_key: nameKey }).execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  });
  return { status: 'ok' as const, recipe: { name: values.name, ingredients: clean, unknown_foods: unknownFoods(clean) } };
}
