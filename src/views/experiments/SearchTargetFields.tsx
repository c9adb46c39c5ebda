import type { Draft, DraftField } from '../../domain/experiments/experiment-draft';
import { METHOD_CHOICES, TARGET_CHOICES } from '../../domain/experiments/form-choices';
import * as styles from './ExperimentForm.css';
import { FormField, type FormFieldProps } from '../ui/FormField';

type FieldOf = (name: DraftField) => Pick<FormFieldProps, 'value' | 'problems' | 'onChange'>;

// The search target of the experiment form: the built-in catalogue search, or an HTTP service with every
// field of the README's `http` target (templates, headers with {env:SEARCH_TARGET_…}, JSON pointers, limits).
export function SearchTargetFields({ field, draft }: { field: FieldOf; draft: Draft }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Search target</legend>
      <FormField label="Search with" {...field('kind')} choices={TARGET_CHOICES} wide />
      {draft.kind === 'http' && (
        <>
          <FormField
            label="URL template"
            {...field('url')}
            wide
            inputMode="url"
            hint="{query} is replaced URI-encoded and {k} by the number of hits, e.g. https://search.example.com/products?q={query}&size={k}"
          />
          <FormField label="Method" {...field('method')} choices={METHOD_CHOICES} />
          {draft.method === 'POST' && (
            <FormField
              label="Body template"
              {...field('body')}
              rows={4}
              wide
              hint='JSON; {query} goes inside quotes: {"q": "{query}", "size": {k}}'
            />
          )}
          <FormField
            label="Headers"
            {...field('headers')}
            rows={3}
            wide
            hint="One per line, Name: value. Secrets as {env:SEARCH_TARGET_NAME}, read from the server's environment."
          />
          <FormField
            label="Hits pointer"
            {...field('hits')}
            hint='JSON pointer to the array of hits, e.g. /hits/hits; "" for the whole answer.'
          />
          <FormField label="Product id pointer" {...field('product_id')} hint="Inside one hit, e.g. /_source/sku" />
          <FormField label="Name pointer (optional)" {...field('name_pointer')} />
          <FormField label="Image URL pointer (optional)" {...field('image_url_pointer')} />
          <FormField label="Timeout (ms)" {...field('timeout_ms')} inputMode="numeric" hint="10000 when empty" />
          <FormField label="Concurrency" {...field('concurrency')} inputMode="numeric" hint="Requests at once; 4 when empty" />
          <FormField label="Requests per minute" {...field('requests_per_minute')} inputMode="decimal" hint="No limit when empty" />
        </>
      )}
    </fieldset>
  );
}
