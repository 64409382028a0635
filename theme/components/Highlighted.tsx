import type { TextPart } from '../client/search-engine.js';

/** Text with the matched parts in <mark>, built as React elements (never innerHTML). */
export function Highlighted({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
