/**
 * Stands in for TanStack Form's form groups and field groups (`form.FormGroup`, `useFormGroup`,
 * `useFieldGroup`, `withFieldGroup`) in the production build (see vite.config.ts). `useForm`
 * attaches `form.FormGroup` to every form and `createFormHook` builds `withFieldGroup`, so their
 * ~17 KB (4 KB gzip) would reach the login page although no form here uses them. Tests and
 * `pnpm dev` use the real ones; a form that starts using groups must drop the stub first, and
 * until then it fails loudly instead of rendering nothing.
 */
function unavailable(): never {
  throw new Error('表单分组（FormGroup / withFieldGroup）在构建中未启用：使用前请删去 vite.config.ts 中的替身');
}

export function FormGroup(): never {
  return unavailable();
}

export function useFormGroup(): never {
  return unavailable();
}

export function useFieldGroup(): never {
  return unavailable();
}
