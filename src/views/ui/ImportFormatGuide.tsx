import { Fragment, type ReactNode } from 'react';
import type { ImportTemplate } from '../../domain/shared/import-templates';
import * as styles from './import-format.css';

// What an import dialog takes, before the file is chosen: the columns, what happens to extra columns, an
// example of each file, and that example as a template to download, so a first file can start from it.
export function ImportFormatGuide({
  children,
  extras,
  templates,
}: {
  children: ReactNode;
  extras: ReactNode;
  templates: ImportTemplate[];
}) {
  return (
    <div className={styles.format}>
      {children} For example:
      {templates.map((template) => (
        <pre key={template.fileName} className={styles.example}>
          {template.tokens.map((tokens, line) => (
            <Fragment key={line}>
              {line > 0 && '\n'}
              {tokens.map((token, index) => (
                <Fragment key={index}>
                  {index > 0 && ' '}
                  <span className={styles.token}>{token}</span>
                </Fragment>
              ))}
            </Fragment>
          ))}
        </pre>
      ))}
      <p className={styles.extras}>{extras}</p>
      <div className={styles.links}>
        {templates.map((template) => (
          <a key={template.fileName} href={template.href} download={template.fileName}>
            Download the {template.label}
          </a>
        ))}
      </div>
    </div>
  );
}
