import type { TFunction } from 'i18next';
import { SUPPORT_CATEGORIES, type SupportCategory } from '@service-hub/contracts';

const isCategory = (value: string): value is SupportCategory => value in SUPPORT_CATEGORIES;

/** "Print · Layout" in the user's language; stored values outside the vocabulary are shown as they are. */
export function categoryLabel(t: TFunction, category: string, subCategory: string | null): string {
  if (!isCategory(category)) return [category, subCategory].filter(Boolean).join(' · ');
  const main = t(`support.categories.${category}.label`);
  const sub =
    subCategory && (SUPPORT_CATEGORIES[category] as readonly string[]).includes(subCategory)
      ? t(`support.categories.${category}.${subCategory}`)
      : subCategory;
  return [main, sub].filter(Boolean).join(' · ');
}
