/**
 * The element that carries the server's query cache into the page it rendered: a JSON data block
 * (`<script type="application/json">`, which the browser never runs, so the site's CSP allows it).
 */
export const SERVER_STATE_ELEMENT_ID = 'server-state';
