/**
 * The site's own app config, merged over Docus's. Code blocks show an icon for
 * their file's extension; `.conf` has none in the bundled icon set, and a
 * missing icon would be fetched from the internet, so the nginx configs on the
 * Deploying page get nginx's.
 */
export default defineAppConfig({
  ui: { prose: { codeIcon: { conf: "i-vscode-icons-file-type-nginx" } } },
});
