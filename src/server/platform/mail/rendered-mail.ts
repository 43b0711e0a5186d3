/** A rendered e-mail: subject, HTML (inline styles, no scripts, no remote resources) and text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
