import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';

/** The document-type plugins the host ships with. */
export function bundledPlugins() {
  return [sorPlugin(), insuranceCertPlugin(), templatePlugin()];
}
