#include "download/hub_listing.h"

#include <set>

#include "download/answer_rules.h"
#include "util/error.h"

namespace peng::download {

namespace {

// One API document, retried while the failure is transient; an `aborted` answer when
// cancelled, in the request or in a pause between tries.
HttpAnswer get_document(HttpTransport& http, const std::string& url, const DownloadOptions& o, int& retries) {
    double wait = o.first_backoff_s;
    for (int attempt = 1;; ++attempt) {
        HttpAnswer a = http.get(url, kMaxDocumentBytes, o.cancel);
        if (a.aborted || !transient(a) || attempt >= o.attempts) return a;
        ++retries;
        if (!pause(retry_after(a, wait), o.cancel)) {
            a.aborted = true;
            return a;
        }
        wait *= 2;
    }
}

bool cancelled(const DownloadOptions& o) { return o.cancel && o.cancel->load(); }

// The next page's absolute URL ("" when the page is the last), checked against the
// rules a hostile server could break.
std::string next_page(const HttpAnswer& page, const std::string& page_url, const std::string& origin,
                      const std::set<std::string>& seen, int pages, const DownloadOptions& o) {
    const auto link = page.headers.find("link");
    const std::string written = link == page.headers.end() ? "" : next_page_url(link->second);
    if (written.empty()) return "";
    const std::string next = resolve_reference(page_url, written);
    const std::string listing = "listing " + o.repo + " at " + o.endpoint;
    if (next.empty()) throw Error(listing + ": the next page's link '" + written + "' is not an http(s) URL");
    if (origin_of(next) != origin)
        throw Error(listing + ": refusing the next page " + next + ", which is not on " + origin +
                    " (the access token goes with every page, so only the endpoint's own are followed)");
    if (seen.count(next))
        throw Error(listing + ": the next page's link leads back to " + next + ", a page already read (a loop)");
    if (pages >= o.max_listing_pages)
        throw Error(listing + ": the file list goes on past " + std::to_string(o.max_listing_pages) + " pages; stopped");
    return next;
}

}  // namespace

Listing list_repository(HttpTransport& http, const DownloadOptions& o) {
    Listing out;
    const bool has_token = !o.token.empty();
    const HttpAnswer revision = get_document(http, revision_url(o.endpoint, o.repo, o.revision), o, out.retries);
    if (revision.aborted || cancelled(o)) {
        out.cancelled = true;
        return out;
    }
    if (!revision.transport_error.empty() || revision.status != 200)
        refuse(revision, o.repo, o.repo + "@" + o.revision, has_token);
    out.commit = parse_revision_commit(revision.body, o.endpoint);

    const std::string first = tree_url(o.endpoint, o.repo, out.commit);
    const std::string origin = origin_of(first);
    if (origin.empty()) throw Error("the endpoint " + o.endpoint + " is not an http(s) URL");
    std::set<std::string> seen, paths;
    int pages = 0;
    // URLs compared as libcurl writes them, so that spelling cannot hide a loop.
    for (std::string url = resolve_reference(first, first); !url.empty();) {
        seen.insert(url);
        ++pages;
        const HttpAnswer page = get_document(http, url, o, out.retries);
        if (page.aborted || cancelled(o)) {
            out.cancelled = true;
            return out;
        }
        if (!page.transport_error.empty() || page.status != 200)
            refuse(page, o.repo, "listing " + o.repo + "@" + out.commit, has_token);
        for (RepoFile& f : parse_tree_page(page.body, url)) {
            if (!paths.insert(f.path).second) throw Error(url + ": the file list names " + f.path + " twice");
            if (paths.size() > kMaxListedFiles)
                throw Error(url + ": the file list names more than " + std::to_string(kMaxListedFiles) + " files; stopped");
            out.files.push_back(std::move(f));
        }
        url = next_page(page, url, origin, seen, pages, o);
    }
    return out;
}

}  // namespace peng::download
