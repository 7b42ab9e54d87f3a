import { css } from 'lit';
import { narrowWindow, sharedStyles } from '../../styles/shared.styles.js';

export const sourceBarStyles = [
  sharedStyles,
  css`
    :host {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
    }
    form {
      display: flex;
      gap: 0.35rem;
      flex: 1 1 260px;
      max-width: 460px;
    }
    form input {
      flex: 1;
      min-width: 0;
    }
    input[type='file'] {
      display: none;
    }
    .sep {
      width: 1px;
      height: 22px;
      background: var(--gc-line);
    }
    .camera {
      display: flex;
      align-items: center;
      gap: 0.35rem;
    }
    .camera select {
      max-width: 220px;
    }
    /* phones: the two buttons share the first row, the URL field gets the whole second one */
    @media ${narrowWindow} {
      form {
        order: 1;
        flex-basis: 100%;
        max-width: none;
      }
      .sep {
        display: none;
      }
    }
    .live-dot {
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: #f87171;
      box-shadow: 0 0 8px #f87171;
    }
  `,
];
