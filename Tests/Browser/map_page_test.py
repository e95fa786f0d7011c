"""The map page in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven
by Selenium, against a real `cairn serve` on a loopback port, and through nginx under a path prefix.

Usage: map_page_test.py CAIRN_BINARY OUTPUT_DIR      (scripts/test-browser.sh runs it)

Checks what a person sees: every tile of the view loaded; the cluster markers are as many as the
JSON API returns for the view; a click on a cluster zooms to its expansion zoom; a click on a point
opens its card; switching layers switches the tiles; a failing upstream shows "upstream error"
tiles and says so in the status line; the badge gallery and the card playground load; the grid
overlay and the URL hash work; no console error and no failed request other than the failing
layer's; a screenshot (OUTPUT_DIR/map-page.png) whose map area is not blank. Prints one line per
check and ends with "N passed, 0 failed"; the first failure stops the run (exit 1).
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import ElementClickInterceptedException
from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# The requests a check provokes on purpose: the tiles of a layer whose upstream is down, and the
# clusters of the bad filter the page is given to see it refused.
PROVOKED = re.compile(r"/tiles/broken/|filter=population%20%3E%3D($|[&\s])")

passed = 0


def check(condition, what):
    global passed
    if not condition:
        print(f"test-browser: FAIL: {what}", flush=True)
        print(f"test-browser: {passed} passed, 1 failed", flush=True)
        raise SystemExit(1)
    passed += 1
    print(f"test-browser: ok: {what}", flush=True)


def wait_for(condition, what, timeout=15.0):
    """Polls `condition` until it returns something truthy; fails the check `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            check(False, f"{what} (waited {timeout:.0f} s)")
        time.sleep(0.05)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def write_config(directory, name="cairn", extra=""):
    """Two working layers over the bundled tiles, one whose upstream refuses every connection, the
    sample cities as a dataset with cards, and the sample thumbnails; then `extra` (YAML)."""
    tiles = f"file://{ROOT}/Tests/Fixtures/tiles/world/{{z}}/{{x}}/{{y}}.png"
    dead = free_port()  # nothing listens here
    config = f"""
cache: {{dir: {directory}/cache-{name}}}
layers:
  world:
    source: {{url: "{tiles}", maxzoom: 4}}
    maxzoom: 10
    attribution: "Natural Earth"
  world-dark:
    source: {{url: "{tiles}", maxzoom: 4}}
    chain: [dark]
    format: webp
    maxzoom: 10
  broken:
    source: {{url: "http://127.0.0.1:{dead}/{{z}}/{{x}}/{{y}}.png", retries: 0, deadline: 2s}}
    maxzoom: 10
datasets:
  cities:
    file: {ROOT}/Samples/points/cities15000.geojson
    radius: 80
    aggregates: {{total_population: {{sum: population}}}}
    label: abbrev
    categories: {{property: country, values: [DE, FR, IT, ES, GB], colors: {{DE: "#e6194b"}}}}
    card: {{title: "{{name}}", subtitle: "{{country}} · population {{population}}"}}
    attribution: "GeoNames"
cards:
  image_source: {{url: "file://{ROOT}/Samples/thumbnails/{{id}}.png"}}
{extra}
"""
    path = os.path.join(directory, f"{name}.yml")
    with open(path, "w") as f:
        f.write(config)
    return path


def start_cairn(binary, config, directory):
    log = open(config.replace(".yml", ".log"), "w+")
    process = subprocess.Popen([binary, "serve", "--config", config, "--host", "127.0.0.1", "--port", "0"],
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        log.seek(0)
        found = re.search(r"listening.*page[=:]\"?(http://127\.0\.0\.1:(\d+)/)", log.read())
        if found:
            return process, found.group(1), int(found.group(2))
        time.sleep(0.05)
    log.seek(0)
    check(False, f"cairn serve starts and its listening line links the page:\n{log.read()}")


def start_nginx(directory, cairn_port):
    """nginx in front of Cairn under /maps/: the prefix stripped and named in X-Forwarded-Prefix."""
    port = free_port()
    conf = os.path.join(directory, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""
daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {directory}/nginx-body;
    proxy_temp_path {directory}/nginx-proxy;
    fastcgi_temp_path {directory}/nginx-fastcgi;
    uwsgi_temp_path {directory}/nginx-uwsgi;
    scgi_temp_path {directory}/nginx-scgi;
    server {{
        listen 127.0.0.1:{port};
        location /maps/ {{
            proxy_pass http://127.0.0.1:{cairn_port}/;
            proxy_set_header X-Forwarded-Prefix /maps;
            proxy_set_header X-Forwarded-Host $host:$server_port;
        }}
        # The page opened without the trailing slash: only its <base> keeps its links under /maps/.
        location = /maps {{
            proxy_pass http://127.0.0.1:{cairn_port}/;
            proxy_set_header X-Forwarded-Prefix /maps;
            proxy_set_header X-Forwarded-Host $host:$server_port;
        }}
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", conf, "-p", directory], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            if process.poll() is not None:
                check(False, f"nginx starts: {process.stderr.read().decode()}")
            time.sleep(0.05)
    check(False, "nginx starts listening")


def start_browser(directory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless", "--no-sandbox", "--no-first-run", "--disable-background-networking",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,800", "--force-device-scale-factor=1",
                     f"--user-data-dir={directory}/chromium-profile"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER, log_output=os.path.join(directory, "chromedriver.log")),
                            options=options)


class Page:
    """The page in the browser, and what the network and the console saw."""

    def __init__(self, driver):
        self.driver = driver
        self.responses = []  # (url, status)
        self.failures = []   # (url, reason)
        self.requested = {}  # request id -> url
        self.console = []    # (level, message)

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def open(self, url):
        """Loads `url` afresh (not a same-page hash change)."""
        self.driver.get("about:blank")
        self.driver.get(url)
        self.settle()

    def settle(self, what="the page settles (catalog, clusters and tiles loaded)"):
        wait_for(lambda: self.js("return !!(window.cairn && window.cairn.map && window.cairn.idle())"), what)
        # A frame later, for images whose load event just fired.
        time.sleep(0.15)
        wait_for(lambda: self.js("return window.cairn.idle()"), what)

    def collect_logs(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message["method"] == "Network.requestWillBeSent":
                self.requested[params["requestId"]] = params["request"]["url"]
            elif message["method"] == "Network.responseReceived":
                self.responses.append((params["response"]["url"], params["response"]["status"]))
            elif message["method"] == "Network.loadingFailed" and not params.get("canceled"):
                # Leaflet aborts the tiles a zoom made useless (net::ERR_ABORTED): not a failure.
                if params.get("errorText") != "net::ERR_ABORTED":
                    self.failures.append((self.requested.get(params["requestId"], "?"), params.get("errorText"), params))
        for entry in self.driver.get_log("browser"):
            self.console.append((entry["level"], entry["message"]))

    def tiles(self, layer):
        return self.js("""
            return [...document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile')]
              .filter((img) => img.closest('.leaflet-layer') && img.src.includes(arguments[0]))
              .map((img) => ({src: img.src, complete: img.complete, width: img.naturalWidth, height: img.naturalHeight}));
        """, layer)

    def map_view(self):
        return self.js("""
            const b = window.cairn.map.getBounds();
            return {zoom: window.cairn.map.getZoom(), west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth()};
        """)

    def markers(self):
        return self.js("""
            return [...document.querySelectorAll('.leaflet-marker-pane .cairn-cluster, .leaflet-marker-pane .cairn-point')]
              .map((m) => { const img = m.querySelector('img'); return {
                kind: m.classList.contains('cairn-cluster') ? 'cluster' : 'point',
                loaded: img ? img.complete && img.naturalWidth > 0 : true }; });
        """)

    def click_nearest_marker(self, kind):
        """Clicks the marker of `kind` nearest the map's centre (clear of the layer control); its feature."""
        found = self.js("""
            const map = window.cairn.map, centre = map.getSize().divideBy(2);
            let best = null;
            window.cairn.overlays.cities.eachLayer((marker) => {
              const isCluster = !!marker.feature.properties.cluster;
              if (isCluster !== (arguments[0] === 'cluster')) return;
              const distance = map.latLngToContainerPoint(marker.getLatLng()).distanceTo(centre);
              if (!best || distance < best.distance) best = {marker, distance};
            });
            if (!best) return null;
            best.marker.getElement().setAttribute('data-test-target', '1');
            return best.marker.feature;
        """, kind)
        if found:
            target = self.driver.find_element(By.CSS_SELECTOR, "[data-test-target='1'] > *")
            try:
                target.click()
            except ElementClickInterceptedException:  # a neighbour's marker on top: click it where it is
                self.js("arguments[0].click()", target)
        return found


def view_check(page, cairn_url, label):
    """The tiles of the view and the dataset's markers, against the JSON API for the same view."""
    tiles = wait_for(lambda: (lambda t: t if t and all(i["complete"] for i in t) else None)(page.tiles("/tiles/world/")),
                     f"{label}: the world layer's tiles load")
    check(all(i["width"] in (256, 512) and i["height"] == i["width"] for i in tiles),
          f"{label}: all {len(tiles)} tile images loaded at 256 or 512 px")
    view = page.map_view()
    bbox = ",".join(f"{view[k]:.6f}" for k in ("west", "south", "east", "north"))
    expected = get_json(f"{cairn_url}clusters/cities?bbox={bbox}&zoom={view['zoom']}")["features"]
    markers = page.markers()
    check(len(markers) == len(expected) > 0,
          f"{label}: {len(markers)} cluster markers on the map, the JSON API's {len(expected)} for the view")
    check(all(m["loaded"] for m in markers), f"{label}: every badge image of the markers loaded")


def signing_server(binary, directory, name, routes):
    """Cairn with the usual configuration, signing `routes` (a YAML list); its process and URL."""
    keys = os.path.join(directory, "signing-keys")
    with open(keys, "w") as f:
        f.write("a-browser-test-key\n")
    os.chmod(keys, 0o600)
    config = write_config(directory, name, f"security: {{signing: {{keys_file: {keys}, routes: {routes}}}}}")
    process, url, _ = start_cairn(binary, config, directory)
    return process, url


def stop(process):
    if process and process.poll() is None:
        process.terminate()
        process.wait(timeout=15)


def refused_requests(page, url, seen):
    """The requests to `url` since the first `seen` responses that were answered 4xx or 5xx."""
    page.collect_logs()
    return [(u, status) for u, status in page.responses[seen:] if u.startswith(url) and status >= 400]


def signed_check(binary, directory, page):
    """A server that signs its static maps, badges and cards: the page says so, leaves them out
    (badge images become counts, cards the point's properties) and asks for nothing it would refuse."""
    process, url = signing_server(binary, directory, "signed", "[static, badges, cards]")
    try:
        signed_features_check(page, url)
    finally:
        stop(process)


def signed_features_check(page, url):
    page.collect_logs()
    seen = len(page.responses)
    page.open(url + "#4/50/10/world")
    view_check(page, url, "with signed badges, Europe at zoom 4")
    note = page.js("const note = document.getElementById('signed-note'); return note.hidden ? null : note.textContent")
    check(note == "Static maps, badges and cards need signed URLs on this server: not offered here.", f"the page says what it leaves out: {note!r}")
    counts = page.js("return [...document.querySelectorAll('.cairn-cluster .cairn-count')].map((c) => c.textContent)")
    clusters = [m for m in page.markers() if m["kind"] == "cluster"]
    check(counts and len(counts) == len(clusters) and not page.js("return document.querySelector('.cairn-cluster img')"),
          f"{len(counts)} clusters drawn as their counts ({', '.join(counts[:4])}…), not as badge images")
    hidden = page.js("""return ['badges', 'card'].map((id) => document.getElementById(id).offsetParent === null)
        .concat([...document.querySelectorAll('.static-row')].map((row) => row.offsetParent === null))""")
    check(all(hidden) and len(hidden) == 4, f"the badge gallery, the card playground and the static map row are hidden: {hidden}")
    page.open(url + "#9/48.21/16.37/world")
    point = page.click_nearest_marker("point")
    rows = wait_for(lambda: page.js("return document.querySelectorAll('.leaflet-popup .cairn-popup tr').length"), "the point's popup opens")
    check(point is not None and rows > 0 and not page.js("return document.querySelector('.leaflet-popup img')"),
          f"a point's popup lists its properties ({rows} rows) instead of its signed card")
    refused = refused_requests(page, url, seen)
    check(not refused, f"the page asked the signing server for nothing it refuses: {refused[:5]}")


def signed_map_check(binary, directory, page):
    """A server that signs its tiles and clusters: the page says the map cannot show its layers,
    shows neither tiles nor markers, still lists the layer's and datasets' URLs, and asks for
    nothing it would refuse."""
    process, url = signing_server(binary, directory, "signed-map", "[tiles, clusters]")
    try:
        page.collect_logs()
        seen = len(page.responses)
        page.open(url + "#4/50/10/world")
        note = page.js("const note = document.getElementById('signed-note'); return note.hidden ? null : note.textContent")
        check(note == "Map tiles and clusters need signed URLs on this server: not offered here (the map cannot show its layers).",
              f"the page says the map cannot show its layers: {note!r}")
        shown = page.js("""return {tiles: document.querySelectorAll('.leaflet-tile-pane img.leaflet-tile').length,
            markers: document.querySelectorAll('.leaflet-marker-pane > *').length,
            filters: document.querySelectorAll('#dataset-list input[type=search]').length,
            datasets: document.querySelectorAll('#dataset-list .dataset').length,
            tileURL: document.getElementById('tile-url').value}""")
        check(shown["tiles"] == 0 and shown["markers"] == 0 and shown["filters"] == 0 and shown["datasets"] == 1
              and shown["tileURL"].endswith("/tiles/world/{z}/{x}/{y}.png"),
              f"no tiles, markers or filter boxes; the dataset and the tile URL still listed: {shown}")
        refused = refused_requests(page, url, seen)
        check(not refused, f"the page asked the tile-signing server for nothing it refuses: {refused[:5]}")
    finally:
        stop(process)


def main():
    binary, output = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(output, exist_ok=True)
    directory = tempfile.mkdtemp(prefix="cairn-browser-")
    started = time.monotonic()
    cairn = nginx = driver = None
    try:
        cairn, cairn_url, cairn_port = start_cairn(binary, write_config(directory), directory)
        check(True, f"cairn serve listening, page {cairn_url}")
        driver = start_browser(directory)
        # The browser's own start page (its new-tab page, kept off the network by the resolver
        # rules) is not the page under test: its log is dropped.
        driver.get("about:blank")
        driver.get_log("performance")
        driver.get_log("browser")
        page = Page(driver)

        # Europe at zoom 4: tiles, clusters.
        page.open(cairn_url + "#4/50/10/world")
        view_check(page, cairn_url, "Europe at zoom 4")
        check(re.match(r"#4/[-\d.]+/[-\d.]+/world/cities$", page.js("return location.hash")),
              f"the view is in the URL hash ({page.js('return location.hash')})")
        static = page.js("return document.getElementById('static-url').value")
        size = page.js("const s = window.cairn.map.getSize(); return [s.x, s.y]")
        with urllib.request.urlopen(static, timeout=30) as answer:
            picture = Image.open(answer)
            check(list(picture.size) == size and "clusters=cities" in static,
                  f"the panel's static map of the view answers with a {picture.size[0]}x{picture.size[1]} picture: {static}")

        # Categories: donut badges in the dataset's colours, a legend; the filter box narrows the
        # markers to the API's filtered clusters, and a bad filter says where it is wrong.
        legend = page.js("return [...document.querySelectorAll('#legend-cities li')].map((li) => li.textContent)")
        check(legend == ["DE", "FR", "IT", "ES", "GB", "other"], f"the legend lists the categories in order: {legend}")
        badges = page.js("return [...document.querySelectorAll('.cairn-cluster img')].map((img) => img.currentSrc)")
        check(badges and all("look=donut" in b and "parts=" in b for b in badges), f"{len(badges)} cluster markers are donut badges")
        box = driver.find_element(By.ID, "filter-cities")
        box.send_keys("country = 'DE' AND population >= 50000\n")
        wait_for(lambda: "filter=" in page.js("return document.getElementById('view-url-cities').value"), "the filter applies")
        page.settle()
        view = page.map_view()
        bbox = ",".join(f"{view[k]:.6f}" for k in ("west", "south", "east", "north"))
        query = urllib.parse.quote("country = 'DE' AND population >= 50000")
        expected = get_json(f"{cairn_url}clusters/cities?bbox={bbox}&zoom={view['zoom']}&filter={query}")["features"]
        shown = page.js("const all = []; window.cairn.overlays.cities.eachLayer((m) => all.push(m.feature)); return all")
        check(len(shown) == len(expected) > 0 and all(
                  set((f["properties"].get("categories") or {}).keys()) == {"DE"} if f["properties"].get("cluster")
                  else f["properties"]["country"] == "DE" for f in shown),
              f"the filter box shows the API's {len(expected)} filtered markers, all German ({len(shown)} on the map)")
        colours = page.js("return [...document.querySelectorAll('.cairn-point div')].map((d) => getComputedStyle(d).backgroundColor)")
        check(all(c == "rgb(230, 25, 75)" for c in colours), f"{len(colours)} lone points drawn in DE's colour")
        check("filter=" in page.js("return document.getElementById('static-url').value"), "the static map URL carries the filter")
        box.clear()
        box.send_keys("population >= \n")
        problem = wait_for(lambda: page.js("return document.getElementById('filter-error-cities').textContent"), "a bad filter is reported")
        check(problem == "filter: expected a value after '>=' at column 14", f"a bad filter says where: {problem!r}")
        box.clear()
        box.send_keys("\n")
        page.settle()
        view_check(page, cairn_url, "the filter cleared")

        # A click on a cluster zooms to its expansion zoom.
        before = page.map_view()["zoom"]
        cluster = page.click_nearest_marker("cluster")
        check(cluster is not None, "a cluster marker to click")
        expansion = get_json(f"{cairn_url}clusters/cities/{cluster['properties']['cluster_id']}/expansion-zoom")["expansion_zoom"]
        wait_for(lambda: page.map_view()["zoom"] == expansion, f"the click zooms from {before} to the expansion zoom {expansion}")
        page.settle()
        check(expansion > before, f"clicking a cluster of {cluster['properties']['point_count']} zoomed in to {expansion}")
        view_check(page, cairn_url, f"after the click, zoom {expansion}")

        # A point opens its card.
        page.open(cairn_url + "#9/48.21/16.37/world")
        point = page.click_nearest_marker("point")
        check(point is not None and point.get("id") is not None, "a single point (with its id) to click")
        card = wait_for(lambda: page.js("""
            const img = document.querySelector('.leaflet-popup img.cairn-card');
            return img && img.complete && img.naturalWidth > 0 ? {src: img.currentSrc, width: img.naturalWidth} : null;"""),
            "the point's popup shows its card")
        with urllib.request.urlopen(card["src"], timeout=10) as answer:
            drawn = Image.open(answer).size
        check(f"/clusters/cities/points/{point['id']}/card.png" in card["src"] and drawn[0] == 2 * card["width"],
              f"the popup shows the point's card ({point['properties'].get('name')}): {drawn[0]} px drawn at scale 2, "
              f"{card['width']} px on the page")

        # Switching layers switches the tiles.
        driver.find_element(By.XPATH, "//label[.//span[normalize-space()='world-dark']]//input").click()
        dark = wait_for(lambda: (lambda t: t if t and all(i["complete"] for i in t) else None)(page.tiles("/tiles/world-dark/")),
                        "the world-dark tiles load")
        check(all(i["src"].endswith(".webp") and i["width"] == 256 for i in dark), f"switching layers loaded {len(dark)} world-dark .webp tiles")
        check(not page.tiles("/tiles/world/"), "no world tiles remain")
        check(page.js("return document.getElementById('tile-url').value").endswith("/tiles/world-dark/{z}/{x}/{y}.webp"),
              "the panel shows the current tile URL template")
        tilejson = page.js("return document.getElementById('tilejson-url').value")
        check(get_json(tilejson)["tiles"][0].endswith("/tiles/world-dark/{z}/{x}/{y}.webp"), "the TileJSON link answers with the layer's template")

        # A layer whose upstream fails: translucent error tiles and a status line that says so.
        driver.find_element(By.XPATH, "//label[.//span[normalize-space()='broken']]//input").click()
        wait_for(lambda: (lambda t: t and all(i["complete"] and i["src"].endswith("assets/cairn/error-tile.svg") for i in t))(
            page.js("return [...document.querySelectorAll('.leaflet-tile-pane .leaflet-layer img.leaflet-tile')].map((img) => ({src: img.src, complete: img.complete}))")),
            "the broken layer's tiles show the upstream-error tile", timeout=20)
        status = page.js("return document.getElementById('status').textContent")
        check("failed (upstream error)" in status and page.js("return document.getElementById('status').classList.contains('error')"),
              f"the status line reports it: {status!r}")

        # Badge gallery and card playground.
        badges = page.js("return [...document.querySelectorAll('#badge-gallery img')].map((img) => img.complete && img.naturalWidth > 0)")
        styles = len(get_json(cairn_url + "catalog.json")["badges"]["styles"])
        check(len(badges) == 8 * styles and all(badges), f"the badge gallery's {len(badges)} images ({styles} styles) loaded")
        field = driver.find_element(By.CSS_SELECTOR, "#card-form input[name=title]")
        field.clear()
        field.send_keys("Kaffeehaus")
        wait_for(lambda: page.js("""const img = document.getElementById('card-image');
            return img.currentSrc.includes('title=Kaffeehaus') && img.complete && img.naturalWidth > 0;"""),
            "the card playground redraws the card for a new title")
        check("title=Kaffeehaus" in page.js("return document.getElementById('card-url').value"), "the card playground shows the card's URL")

        # The grid overlay, and a shared view restored from its hash.
        driver.find_element(By.XPATH, "//label[.//span[normalize-space()='z/x/y grid']]//input").click()
        labels = wait_for(lambda: page.js("return [...document.querySelectorAll('.cairn-grid-tile')].map((t) => t.textContent)"), "grid tiles appear")
        check(all(re.fullmatch(r"\d+/\d+/\d+", text) for text in labels), f"the grid labels {len(labels)} tiles z/x/y ({labels[0]})")
        shared = page.js("return location.href")
        check(shared.endswith("/broken/cities,grid") or shared.endswith("/broken/grid,cities"), f"the hash names the layer and overlays: {shared}")
        page.open(cairn_url + "#6/41.9/12.5/world-dark/grid")
        check(page.map_view()["zoom"] == 6 and page.tiles("/tiles/world-dark/") and not page.markers()
              and page.js("return document.querySelectorAll('.cairn-grid-tile').length") > 0,
              "a shared hash restores zoom, layer and overlays")

        # Screenshot: the map area is a picture, not a blank.
        page.open(cairn_url + "#4/50/10/world/cities")
        view_check(page, cairn_url, "the screenshot's view")
        screenshot = os.path.join(output, "map-page.png")
        driver.save_screenshot(screenshot)
        image = Image.open(screenshot).convert("RGB")
        width = page.js("return document.getElementById('map').clientWidth")
        region = image.crop((0, 0, width, image.height))
        colours = len(set(region.resize((160, 100)).get_flattened_data()))
        check(colours > 100, f"the screenshot {screenshot} shows a map ({colours} colours in its map area)")

        # Through nginx under /maps: the page, its tiles and markers, with the prefix in every URL.
        nginx, nginx_port = start_nginx(directory, cairn_port)
        for entry in ["/maps/", "/maps"]:
            page.open(f"http://127.0.0.1:{nginx_port}{entry}#4/50/10/world")
            tiles = page.tiles("/maps/tiles/world/")
            check(tiles and all(i["complete"] and i["width"] == 256 for i in tiles) and len(page.markers()) > 0,
                  f"behind nginx at {entry}: {len(tiles)} tiles and {len(page.markers())} markers through the prefix")
        check(page.js("return document.getElementById('tile-url').value") == f"http://127.0.0.1:{nginx_port}/maps/tiles/world/{{z}}/{{x}}/{{y}}.png",
              "behind nginx the tile URL to copy carries the prefix")

        # Nothing failed that a check did not provoke, and nothing left loopback.
        page.collect_logs()
        failed = [(url, status) for url, status in page.responses if status >= 400 and not PROVOKED.search(url)]
        check(not failed, f"no failed responses other than the broken layer's ({len(page.responses)} responses): {failed[:5]}")
        lost = [(url, reason, detail) for url, reason, detail in page.failures if not PROVOKED.search(url)]
        check(not lost, f"no request failed on the network: {lost[:5]}")
        foreign = [url for url, _ in page.responses if not re.match(r"(http://127\.0\.0\.1:\d+/|data:)", url)]
        check(not foreign, f"every request stayed on loopback: {foreign[:5]}")
        errors = [m for level, m in page.console if level == "SEVERE" and not PROVOKED.search(m)]
        check(not errors, f"no console errors other than the broken layer's: {errors[:5]}")
        provoked = [url for url, status in page.responses if PROVOKED.search(url) and status >= 500]
        check(len(provoked) > 0, f"the broken layer's tiles were answered 5xx ({len(provoked)})")

        signed_check(binary, directory, page)
        signed_map_check(binary, directory, page)
        elapsed = time.monotonic() - started
        print(f"test-browser: {passed} passed, 0 failed ({elapsed:.1f} s)", flush=True)
    finally:
        if driver:
            driver.quit()
        for process in (nginx, cairn):
            stop(process)
        if os.environ.get("CAIRN_KEEP_TMP") != "1":
            shutil.rmtree(directory, ignore_errors=True)
        else:
            print(f"test-browser: kept {directory}")


if __name__ == "__main__":
    main()
