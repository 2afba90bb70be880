// Recipes, questions and remembered notes: save_recipe, ask_question, list_notes, delete_note.
// Recipes and notes are the family's, so only ask_question (answered from one child's log)
// takes `child`.
import { z } from 'zod';
import { saveRecipe } from '../services/log/recipes.ts';
import { askQuestion, childrenAnswered } from '../services/ask/ask.ts';
import { deleteNote, listNotes } from '../services/ask/notes.ts';
import { RecipeBody, RecipeResponse } from '../schemas/log.ts';
import { AskBody, AskResponse, NoteDeleteBody, NoteList } from '../schemas/ask.ts';
import { Ok } from '../schemas/common.ts';
import { tool, type ToolDef } from './registry-types.ts';
import { countPhrase } from './present.ts';

export const moreTools: ToolDef[] = [
  tool({
    name: 'save_recipe',
    title: 'Save a recipe',
    description:
      'Save a named list of ingredients (e.g. "Veggie mash": carrot, potato, butter) so log_solid can log it by name with its nutrients. Saving an existing name replaces its ingredients. Write tool: needs the write scope; pass idempotency_key so a retry does not act twice.',
    scope: 'write',
    kind: 'write',
    idempotent: true,
    keyed: 'stored',
    input: RecipeBody.extend({
      name: RecipeBody.shape.name.describe('the recipe name, 1 to 80 characters'),
      ingredients: RecipeBody.shape.ingredients.describe('1 to 30 food names'),
    }),
    output: RecipeResponse,
    run: async (env, a) => {
      const r = await saveRecipe(env.ctx, env.actor, a.name, a.ingredients);
      let summary = `Saved the recipe "${r.recipe.name}" (${r.recipe.ingredients.join(', ')}).`;
      if (r.recipe.unknown_foods.length) summary += ` No nutrient data for: ${r.recipe.unknown_foods.join(', ')}.`;
      return { summary, data: r };
    },
  }),
  tool({
    name: 'ask_question',
    title: "Ask about the family's log",
    description:
      'Ask a question in plain language about the family\'s own log, e.g. "how much milk did she have yesterday?" or "when did he last have egg?"; answered from the log, non-clinical (no diagnosis, symptom assessment or medication advice; urgent worries get a pointer to professional help). Start the question with "remember:" to save a note the answers will use (needs the write scope). Paid plan; counts towards the daily question limit. Prefer the get_* tools when one of them answers directly. In a family of several children, a question naming a child is answered for that child, one naming none for each child (or for `child` when given).',
    scope: 'read',
    kind: 'write',
    idempotent: false,
    keyed: 'stored',
    // Answered for the children the question names, else `child`, else each child; notes are the family's.
    perChild: true,
    input: AskBody.extend({ question: AskBody.shape.question.describe('the question, 1 to 1000 characters; prefix "remember:" to save a note instead') }),
    output: AskResponse,
    run: async (env, a) => {
      const r = await askQuestion(env.ctx, env.actor, a.question);
      return { summary: r.answer, data: r, aboutChildren: (await childrenAnswered(env.ctx, env.actor, a.question)) ?? undefined };
    },
  }),
  tool({
    name: 'list_notes',
    title: 'Remembered notes',
    description: 'The notes saved with ask_question\'s "remember:" prefix, oldest first; each note\'s ts is its id for delete_note.',
    scope: 'read',
    kind: 'read',
    idempotent: true,
    input: z.strictObject({}),
    output: NoteList,
    run: async (env) => {
      const r = await listNotes(env.ctx, env.actor);
      return { summary: `${countPhrase(r.notes.length, 'remembered note')}.`, data: r };
    },
  }),
  tool({
    name: 'delete_note',
    title: 'Forget a remembered note',
    description: 'Delete a remembered note by its ts (from list_notes), when it is wrong or no longer true. Write tool: needs the write scope.',
    scope: 'write',
    kind: 'destructive',
    idempotent: true,
    keyed: 'stored',
    input: NoteDeleteBody.extend({ ts: NoteDeleteBody.shape.ts.describe("the note's ts exactly as list_notes shows it") }),
    output: Ok,
    run: async (env, a) => {
      const r = await deleteNote(env.ctx, env.actor, a.ts);
      return { summary: `Forgot the note from ${a.ts}.`, data: r };
    },
  }),
];
