/** Thrown where a document holds something the fast front end does not turn into micromark's tree exactly: the doc goes to micromark. */
export class NotReproduced extends Error {}
