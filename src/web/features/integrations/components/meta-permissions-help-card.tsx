import { buttonClasses } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { CheckCircle2, ExternalLink, XCircle } from 'lucide-react';

/** 'Get Meta Ads Permissions' (spec §2): static guidance. */
export function MetaPermissionsHelpCard() {
  return (
    <Card data-testid="meta-permissions-help">
      <CardHeader>
        <CardTitle>Get Meta Ads Permissions</CardTitle>
        <CardDescription>
          Your token works, but reading ad spending needs the ads_read permission.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm text-slate-300">
        <ul className="grid gap-1.5">
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-300" /> App connected
          </li>
          <li className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-300" /> Token valid
          </li>
          <li className="flex items-center gap-2">
            <XCircle aria-hidden="true" className="size-4 text-rose-300" /> ads_read permission missing
          </li>
        </ul>
        <div>
          <h4 className="mb-2 font-semibold text-slate-100">Request permissions through App Review</h4>
          <ol className="grid list-decimal gap-1 pl-5">
            <li>Open your app in the Meta for Developers console.</li>
            <li>Go to App Review → Permissions and Features.</li>
            <li>Request Advanced Access for ads_read (and ads_management if you manage ads).</li>
            <li>Describe how Upside uses the data and submit for review.</li>
            <li>After approval, generate a new access token and update it here.</li>
          </ol>
        </div>
        <div>
          <h4 className="mb-2 font-semibold text-slate-100">Using a system user?</h4>
          <p>
            If a Business Manager system user is missing ad account permissions, assign the ad account to it
            with the Analyst or Advertiser role, then generate a new token.
          </p>
        </div>
        <div>
          <h4 className="mb-2 font-semibold text-slate-100">Alternative: developer app token</h4>
          <p>
            In the Graph API Explorer, select your app, add the permissions ads_read and read_insights,
            generate a token, then extend it to a long-lived token in the Access Token Debugger.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            href="https://developers.facebook.com/apps/"
            target="_blank"
            rel="noreferrer"
          >
            <ExternalLink aria-hidden="true" /> Open Developer Console
          </a>
          <a
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            href="https://developers.facebook.com/docs/marketing-api/overview/authorization"
            target="_blank"
            rel="noreferrer"
          >
            <ExternalLink aria-hidden="true" /> Official Documentation
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
