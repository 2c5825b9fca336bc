/** Route /audit (administrators): the security audit log (docs/audit.md). */
export function AuditPage() {
  return null;
}
