import type { ConfigData } from 'html-validate';

/** html-validate's recommended rules, with each change justified. */
export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // The announcement bar's colours come from the site configuration, so they are set inline.
    'no-inline-style': ['error', { allowedProperties: ['background-color', 'color'] }],
    // React serialises void elements as <img/>, and the doc body is written the same way; both spellings are valid HTML.
    'void-style': ['error', { style: 'selfclose' }],
    // Boolean attributes: the page's shell (React) writes hidden="", the doc body (hast-util-to-html) writes hidden;
    // HTML defines both as true.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': ['error', { style: 'empty' }],
    // HTML ids may hold any non-space character: Chinese heading anchors, React's useId (":R1:") and our __docsgen root.
    'valid-id': ['error', { relaxed: true }],
    // React writes a few attributes in camelCase (autoComplete, enterKeyHint); HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // The search box is an ARIA 1.2 combobox: its popup is a listbox of rich options, which a native <select> cannot show.
    'prefer-native-element': ['error', { exclude: ['listbox', 'option'] }],
  },
};
