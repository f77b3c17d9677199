// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Keeps two 3D views looking at the same thing: a change of one camera is copied to the other.
// Pure logic (no OCCT, no GL) so it can be unit tested; the views plug in through callbacks.
#include <array>
#include <functional>

namespace vernier::viewers {

// What a view's camera is: eye, target, up direction and the orthographic scale (view height).
struct CameraState {
    std::array<double, 3> eye{0, 0, 1};
    std::array<double, 3> center{0, 0, 0};
    std::array<double, 3> up{0, 1, 0};
    double scale = 1;

    // Equal within a relative tolerance, so that echoes of a copied state are recognised.
    bool approxEquals(const CameraState& other, double relTol = 1e-9) const;
};

// Links the cameras of up to three views (0 = left/reference, 1 = right/candidate, 2 = the third view of
// candidate-vs-candidate, the reference). When side i reports a change while linked, the state is applied
// once to every other side that has an apply callback; the apply callback typically triggers that view's
// own change report, which the re-entrancy guard swallows.
class CameraLink {
public:
    using ApplyFn = std::function<void(const CameraState&)>;

    void setApply(int side, ApplyFn apply);
    static constexpr int kSides = 3;
    void setLinked(bool linked); // linking copies side 0's last known state to the other sides
    bool linked() const { return linked_; }

    // Call when a view's camera changed (user rotate/pan/zoom, standard view, fit all).
    void cameraChanged(int side, const CameraState& state);

    // How many times a state was copied to another side; exposed for tests and diagnostics.
    int propagations() const { return propagations_; }

private:
    std::array<ApplyFn, kSides> apply_;
    std::array<CameraState, kSides> last_;
    std::array<bool, kSides> known_{false, false, false};
    bool linked_ = true;
    bool applying_ = false;
    int propagations_ = 0;
};

} // namespace vernier::viewers
