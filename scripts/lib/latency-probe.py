#!/usr/bin/env python3
"""Asks one URL on one kept-alive connection at a steady pace and prints the latency percentiles
of its answers, in milliseconds: "p50 P p99 P max P n N". A paced probe, not a load generator:
it measures how long a request waits while the server is busy with other work, not how much
the server can answer.

Usage: latency-probe.py URL SECONDS [PER_SECOND]   (default 200 requests a second)"""
import http.client
import sys
import time
import urllib.parse


def main():
    url = urllib.parse.urlsplit(sys.argv[1])
    seconds, rate = float(sys.argv[2]), float(sys.argv[3]) if len(sys.argv) > 3 else 200.0
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    target = url.path + (f"?{url.query}" if url.query else "")
    latencies = []
    interval = 1 / rate
    start = time.perf_counter()
    next_at = start
    while next_at - start < seconds:
        now = time.perf_counter()
        if next_at > now:
            time.sleep(next_at - now)
        sent = time.perf_counter()
        connection.request("GET", target)
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            sys.exit(f"error: {sys.argv[1]} answered {answer.status}")
        latencies.append((time.perf_counter() - sent) * 1000)
        next_at += interval
    latencies.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"p50 {at(0.50):.3f} p99 {at(0.99):.3f} max {latencies[-1]:.3f} n {len(latencies)}")


if __name__ == "__main__":
    main()
