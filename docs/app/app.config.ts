/**
 * The site's own app config, merged over Docus's. Code blocks show an icon for
 * their file's extension; `.conf` has none in the bundled icon set, and a
 * missing icon would be fetched from the internet, so the nginx configs on the
 * Deploying page get nginx's.
 *
 * `github: false`: Docus would link the repository it guesses from the
 * clone's git remote, which for a local clone or a mirror is no page at all.
 */
export default defineAppConfig({
  github: false,
  ui: { prose: { codeIcon: { conf: "i-vscode-icons-file-type-nginx" } } },
});
