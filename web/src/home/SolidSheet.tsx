// Food picker: recent foods (GET /api/vega/food/suggestions) as chips, free text for new ones,
// and saved recipes (POST /api/vega/recipes). The API has no recipe listing, so the names this
// phone saved are remembered locally to pick again.
import { useEffect, useState } from 'preact/hooks';
import { FormError } from '../components/Field';
import { ApiError, get, post } from '../lib/api';
import { selectedChild } from '../lib/session';
import { t } from '../i18n/core';

interface Recipe { name: string; ingredients: string[] }
const store = (fid: string) => `recipes:${fid}`;
function loadRecipes(fid: string): Recipe[] {
  try {
    return JSON.parse(localStorage.getItem(store(fid)) ?? '[]');
  } catch {
    return [];
  }
}

const splitFoods = (s: string) => s.split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);

export function SolidSheet({ familyId, onLog, busy, error }: {
  familyId: string;
  onLog: (foods: string[], mealType: 'meal' | 'snack') => void;
  busy: boolean;
  error?: string | null;
}) {
  const [suggestions, setSuggestions] = useState<string[] | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [meal, setMeal] = useState<'meal' | 'snack'>('meal');
  const [recipes, setRecipes] = useState<Recipe[]>(() => loadRecipes(familyId));
  const [recipeName, setRecipeName] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  const [localErr, setLocalErr] = useState<string | null>(null);

  useEffect(() => {
    get('/api/vega/food/suggestions', { params: { query: { limit: 12, ...selectedChild() } } })
      .then((r) => setSuggestions(r.suggestions))
      .catch(() => setSuggestions([]));
  }, []);

  const foods = [...new Set([...picked, ...splitFoods(typed)])];
  const toggle = (f: string) => setPicked((p) => (p.includes(f) ? p.filter((x) => x !== f) : [...p, f]));

  const saveRecipe = async () => {
    setMsg(null);
    setLocalErr(null);
    if (!recipeName.trim()) return setLocalErr(t('solid.recipe_name_needed'));
    if (!foods.length) return setLocalErr(t('solid.ingredients_needed'));
    try {
      await post('/api/vega/recipes', { body: { name: recipeName.trim(), ingredients: foods } });
      const next = [...recipes.filter((r) => r.name !== recipeName.trim()), { name: recipeName.trim(), ingredients: foods }];
      setRecipes(next);
      localStorage.setItem(store(familyId), JSON.stringify(next));
      setMsg(t('solid.recipe_saved', { name: recipeName.trim() }));
      setRecipeName('');
    } catch (e) {
      setLocalErr(e instanceof ApiError ? e.message : t('solid.recipe_failed'));
    }
  };

  return (
    <div class="sheet" id="sheet-solid">
      <h3>{t('solid.what')}</h3>
      {suggestions && suggestions.length > 0 && (
        <>
          <p class="muted small" id="recent-foods">{t('solid.recent')}</p>
          <ul class="chips" aria-labelledby="recent-foods">
            {suggestions.map((f) => (
              <li key={f}><button type="button" class="chip" aria-pressed={picked.includes(f)} onClick={() => toggle(f)}>{f}</button></li>
            ))}
          </ul>
        </>
      )}
      {recipes.length > 0 && (
        <>
          <p class="muted small" id="recipes-h">{t('solid.recipes')}</p>
          <ul class="chips" aria-labelledby="recipes-h">
            {recipes.map((r) => (
              <li key={r.name}>
                <button type="button" class="chip" onClick={() => setPicked((p) => [...new Set([...p, ...r.ingredients])])} title={r.ingredients.join(', ')}>
                  {r.name}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div class="field">
        <label for="solid-foods">{t('solid.foods')}</label>
        <input id="solid-foods" value={typed} onInput={(e) => setTyped((e.currentTarget as HTMLInputElement).value)} placeholder={t('solid.placeholder')} autocomplete="off" />
      </div>
      <div class="row" role="radiogroup" aria-label={t('solid.meal_or_snack')}>
        {(['meal', 'snack'] as const).map((m) => (
          <label class="check" key={m}>
            <input type="radio" name="meal_type" value={m} checked={meal === m} onChange={() => setMeal(m)} /> {m === 'meal' ? t('solid.meal') : t('solid.snack')}
          </label>
        ))}
      </div>
      <p class="small" aria-live="polite">{foods.length ? t('solid.logging', { foods: foods.join(', ') }) : t('solid.nothing')}</p>
      <FormError error={error} />
      <button type="button" class="btn primary wide" disabled={busy || !foods.length} onClick={() => onLog(foods, meal)}>{t('solid.log')}</button>
      <details>
        <summary>{t('solid.save_as_recipe')}</summary>
        <div class="row" style={{ marginTop: '0.5rem' }}>
          <label class="sr-only" for="recipe-name">{t('solid.recipe_name')}</label>
          <input id="recipe-name" class="grow" value={recipeName} placeholder={t('solid.recipe_name')} onInput={(e) => setRecipeName((e.currentTarget as HTMLInputElement).value)} style={{ flex: 1 }} />
          <button type="button" class="btn" onClick={saveRecipe}>{t('solid.save_recipe')}</button>
        </div>
        <FormError error={localErr} />
        {msg && <p class="small" role="status">{msg}</p>}
      </details>
    </div>
  );
}
