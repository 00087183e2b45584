#pragma once
// The first half of a download: the revision pinned to its commit, and the commit's
// files listed page by page through the tree API. A listing comes from a server that
// may be hostile, so a next page is followed only on the endpoint's own origin (the
// token goes with every page), never twice, and at most DownloadOptions::
// max_listing_pages of them; a cancel is honoured between pages, inside each request
// and in every back-off pause.
#include <string>
#include <vector>

#include "download/hub_api.h"
#include "download/hub_download.h"
#include "download/http_transport.h"

namespace peng::download {

struct Listing {
    std::string commit;
    std::vector<RepoFile> files;   // every file of the commit, each path once and safe
    int retries = 0;               // transient failures retried
    bool cancelled = false;        // options.cancel stopped it; `files` is then incomplete
};

// The most files a listing may name: far beyond any model repository, far below what
// would exhaust memory.
inline constexpr size_t kMaxListedFiles = 1'000'000;

// Throws peng::Error naming what is wrong: a gated, private or missing repository or
// revision, an answer that is not the API's, a page link that leaves the endpoint's
// origin or comes back to a page already read, too many pages or files, a path
// listed twice or unsafe to write.
Listing list_repository(HttpTransport& http, const DownloadOptions& options);

}  // namespace peng::download
