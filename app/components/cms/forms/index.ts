// The CMS forms (docs/decisions/0028): the form block's Contact and Newsletter types, and the
// accessibility statement's feedback form. Each posts to /forms/<kind> and works without JavaScript.
export { AccessibilityFeedbackForm } from "./accessibility-feedback-form.tsx";
export { ContactForm } from "./contact-form.tsx";
export { NewsletterForm } from "./newsletter-form.tsx";
