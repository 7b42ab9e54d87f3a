/**
 * Styles every studio component shares: buttons, fields, focus rings, visually hidden text.
 * The design tokens (--gc-*) are custom properties set on :root in index.html; they inherit
 * through every shadow root.
 */
import { css } from 'lit';

/** Phones and narrow windows, where the studio is one column (`@media ${narrowWindow}`). */
export const narrowWindow = css`(max-width: 760px)`;

export const sharedStyles = css`
  :host {
    box-sizing: border-box;
    color: var(--gc-text);
    font: var(--gc-font-ui);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  button,
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4em;
    min-height: 30px;
    padding: 0 0.8em;
    border: 1px solid var(--gc-line);
    border-radius: var(--gc-radius);
    background: var(--gc-raised);
    color: var(--gc-text);
    font: inherit;
    font-size: 0.86rem;
    cursor: pointer;
    white-space: nowrap;
    transition: background 0.12s, border-color 0.12s;
  }
  button:hover:not(:disabled),
  .button:hover {
    background: var(--gc-hover);
    border-color: var(--gc-line-strong);
  }
  button:disabled,
  button[aria-disabled='true'] {
    opacity: 0.45;
    cursor: default;
  }
  button.primary {
    background: var(--gc-accent);
    border-color: var(--gc-accent);
    color: var(--gc-on-accent);
    font-weight: 600;
  }
  button.primary:disabled {
    background: transparent;
    border-color: var(--gc-line-strong);
    color: var(--gc-muted);
  }
  button.primary:hover:not(:disabled) {
    background: var(--gc-accent-strong);
  }
  button[aria-pressed='true'] {
    border-color: var(--gc-accent);
    color: var(--gc-accent);
    background: var(--gc-accent-soft);
  }
  button.icon {
    min-width: 26px;
    min-height: 26px;
    padding: 0;
    border-color: transparent;
    background: transparent;
    color: var(--gc-muted);
  }
  button.icon:hover:not(:disabled) {
    color: var(--gc-text);
  }
  input[type='text'],
  input[type='url'],
  input[type='number'],
  select {
    min-height: 30px;
    padding: 0 0.6em;
    border: 1px solid var(--gc-line);
    border-radius: var(--gc-radius);
    background: var(--gc-sunken);
    color: var(--gc-text);
    font: inherit;
    font-size: 0.86rem;
  }
  input[type='range'] {
    accent-color: var(--gc-accent);
  }
  input[type='checkbox'] {
    accent-color: var(--gc-accent);
  }
  :focus-visible {
    outline: 2px solid var(--gc-focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .mono {
    font-family: var(--gc-font-mono);
    font-variant-numeric: tabular-nums;
  }
  h2 {
    margin: 0 0 0.6rem;
    font-size: 0.72rem;
    font-weight: 600;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: var(--gc-muted);
  }
`;
