import { type ClassNameValue, twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets later Tailwind utilities override earlier ones, so every UI kit component can
 * take a `className` that really wins (e.g. `<Button className="w-full">`). Falsy values are skipped.
 */
export function cn(...classes: ClassNameValue[]): string {
  return twMerge(...classes);
}
